export { Audit as default, handle } from './admin';
