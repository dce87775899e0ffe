export { handle, Payments as default } from './admin';
