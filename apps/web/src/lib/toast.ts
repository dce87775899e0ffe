/**
 * The one place the app takes `toast` from. The container uses react-toastify's `unstyled` entry (its CSS comes
 * from the stylesheet, not injected by JS); the default entry is a separate copy with its own event bus, so a
 * `toast()` taken from the package root would never reach the container. toast.test.ts guards this.
 */
export { ToastContainer, toast } from 'react-toastify/unstyled';
