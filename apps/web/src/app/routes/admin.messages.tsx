export { handle, Messages as default } from './admin';
