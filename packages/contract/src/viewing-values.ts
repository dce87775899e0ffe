// No zod here: the viewing form reads these on a listing page's first load without loading the schemas
// (viewings.ts builds its schemas on them).

export const VIEWING_MODES = ['in_person', 'video'] as const;
export type ViewingMode = (typeof VIEWING_MODES)[number];
/** requested → confirmed | declined | proposed (the owner named another time; confirming it makes it confirmed). */
export const VIEWING_STATUSES = ['requested', 'confirmed', 'declined', 'proposed'] as const;
export type ViewingStatus = (typeof VIEWING_STATUSES)[number];

export const VIEWING_LIMITS = {
  /** Weekly hour ranges an owner may keep. */
  slots: 28,
  /** A request must start at least this long ahead. */
  minLeadMs: 2 * 60 * 60_000,
  /** How far ahead GET …/viewing-slots lists free hours, and how far ahead one may book. */
  days: 14,
  /** The reminder goes this long before the viewing. */
  reminderMs: 24 * 60 * 60_000,
  /**
   * Requests one requester (an account, a guest e-mail) may have waiting for an answer on one listing, and on all
   * listings together (ADR 057). A request stops counting when the owner answers it or its hour passes.
   */
  pendingPerListing: 2,
  pendingTotal: 5,
  /**
   * Guests' requests waiting from one network (an IPv4 address or IPv6 /64), on one listing and on all: looser, since
   * many people share one IPv4 address behind a mobile carrier's NAT, and never applied to a signed-in account.
   */
  pendingPerListingNetwork: 4,
  pendingTotalNetwork: 20,
} as const;

/** The envelope `code` of a request refused because its requester already has too many waiting (409, ADR 057). */
export const VIEWING_ERROR_CODES = { requestsWaiting: 'viewing_requests_waiting' } as const;

export const VIEWING_MESSAGES = {
  slotsSaved: 'Your viewing hours are saved.',
  slotsInvalid: 'Please correct the viewing hours.',
  tooManySlots: `At most ${VIEWING_LIMITS.slots} time ranges.`,
  weekdayInvalid: 'Choose a day of the week.',
  timeInvalid: 'Enter a time on the hour, such as 09:00.',
  endBeforeStart: 'The end must be after the start.',
  overlap: 'This range overlaps another one on the same day.',
  requested: 'Your viewing request was sent to the owner.',
  startsAtInvalid: 'Choose a date and time.',
  notOnTheHour: 'A viewing starts on the hour.',
  past: 'This time has already passed.',
  tooSoon: 'A viewing must be booked at least 2 hours ahead.',
  tooFar: `A viewing can be booked at most ${VIEWING_LIMITS.days} days ahead.`,
  outsideHours: 'The owner does not show the property at this time.',
  taken: 'This time is already booked. Please choose another.',
  modeInvalid: 'Choose in person or video call.',
  listingNotFound: 'This listing does not exist or is no longer available.',
  noHours: 'The owner of this listing does not offer viewings.',
  ownListing: 'You cannot book a viewing of your own listing.',
  notFound: 'Viewing not found.',
  confirmed: 'Viewing confirmed. We sent both of you a calendar invitation.',
  declined: 'Viewing declined.',
  proposed: 'We sent the new time to the visitor.',
  notOpen: 'This viewing has already been declined.',
  alreadyConfirmed: 'This viewing is already confirmed.',
  waitingOnListing: `You already have ${VIEWING_LIMITS.pendingPerListing} viewing requests waiting for this listing's owner. Please wait for an answer before asking for another time.`,
  waitingTotal: `You already have ${VIEWING_LIMITS.pendingTotal} viewing requests waiting for an answer. Please wait for the owners to answer before asking for more.`,
  waitingFromNetwork:
    'Many viewing requests from your network are already waiting for an answer. Sign in to request a viewing.',
} as const;
