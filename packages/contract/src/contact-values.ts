// No zod here: the pages' forms and the API client read these on a page's first load without loading the schemas
// (contact.ts builds its schemas on them).

/** Length limits on what visitors send (spam and abuse limits; the forms show them too). */
export const CONTACT_LIMITS = {
  name: 120,
  email: 320,
  subject: 200,
  message: 5000,
  phone: 30,
  inquiryMessage: 2000,
} as const;

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `The name is too long (at most ${CONTACT_LIMITS.name} characters).`,
  emailRequired: 'E-mail is required.',
  emailInvalid: 'Please enter a valid e-mail address.',
  emailTooLong: 'That e-mail address is too long.',
  subjectRequired: 'Subject is required.',
  subjectTooLong: `The subject is too long (at most ${CONTACT_LIMITS.subject} characters).`,
  messageRequired: 'Message is required.',
  messageTooLong: `The message is too long (at most ${CONTACT_LIMITS.message} characters).`,
  inquiryTooLong: `The message is too long (at most ${CONTACT_LIMITS.inquiryMessage} characters).`,
  phoneInvalid: 'Please enter a valid phone number.',
  invisibleCharacters: 'This field contains invisible control characters. Please type it again.',
  /** The spec's success message for the contact form. */
  contactSent: 'Your message has been sent successfully!',
  inquirySent: 'Your message has been sent to the owner.',
  listingNotFound: 'Listing not found.',
} as const;
