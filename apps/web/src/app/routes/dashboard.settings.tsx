export { handle, Settings as default } from './dashboard';
