import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { routes } from './app/router';
import { makeStore } from './app/store';
import { initI18n } from './i18n';
import { makeZodJitless } from './lib/zod-jitless';
import './index.css';

// Before any lazy chunk loads zod: parse without its eval probe, which the CSP blocks (lib/zod-jitless.ts).
makeZodJitless();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

// The stored language is loaded before the first render, so a Thai visitor never sees an English flash.
void initI18n().then(() => {
  const router = createBrowserRouter(routes);
  createRoot(container).render(
    <StrictMode>
      <App store={makeStore()} router={router} />
    </StrictMode>,
  );
});
