import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { config as zodConfig } from 'zod/v4/core';
import { App } from './app/App';
import { routes } from './app/router';
import { makeStore } from './app/store';
import { initI18n } from './i18n';
import './index.css';

// zod probes for eval support with `Function('')` to compile fast parsers; the CSP forbids eval, and
// the blocked probe shows up as a browser issue (Lighthouse best practices). Parse without it.
zodConfig({ jitless: true });

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
