export { handle, Listings as default } from './admin';
