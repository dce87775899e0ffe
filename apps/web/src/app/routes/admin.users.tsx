export { handle, Users as default } from './admin';
