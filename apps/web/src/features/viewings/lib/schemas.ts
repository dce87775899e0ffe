// The viewing request's schema, loaded when the form is first used (BookViewingForm): zod and the contract's schemas
// stay off the listing page's first load.
export { ViewingRequest } from '@baan/contract';
