/**
 * react-toastify and its stylesheet, loaded by lib/toast.ts with the first toast (not in the entry chunk).
 * The `unstyled` entry: the default entry is a separate copy with its own event bus (toast.test.ts guards this).
 */
import 'react-toastify/ReactToastify.css';

export { ToastContainer, toast } from 'react-toastify/unstyled';
