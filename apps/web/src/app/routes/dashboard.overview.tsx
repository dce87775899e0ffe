export { handle, Overview as default } from './dashboard';
