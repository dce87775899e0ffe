export { handle, Packages as default } from './admin';
