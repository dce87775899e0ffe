// The contact forms' schemas, loaded when a form is first used (use-message-form.ts): zod and the contract's schemas
// stay off the listing page's first load.
export { ContactRequest, InquiryRequest } from '@baan/contract';
