export { handle, Inquiries as default } from './dashboard';
