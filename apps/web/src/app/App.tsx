import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { SessionRestorer } from '../features/auth/components/SessionRestorer';
import { ToastContainer } from '../lib/toast';
import type { AppStore } from './store';

type Router = Parameters<typeof RouterProvider>[0]['router'];

/** Toast limits are the spec's: at most three at once, each hidden after 5 s. */
export const TOAST_LIMIT = 3;
export const TOAST_AUTO_CLOSE_MS = 5000;

export function App({ store, router }: { store: AppStore; router: Router }) {
  return (
    <Provider store={store}>
      <SessionRestorer />
      <RouterProvider router={router} />
      <ToastContainer position="bottom-left" limit={TOAST_LIMIT} autoClose={TOAST_AUTO_CLOSE_MS} />
    </Provider>
  );
}
