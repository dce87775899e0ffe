import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    rolldownOptions: {
      output: isSsrBuild
        ? {}
        : {
            codeSplitting: {
              groups: [
                {
                  // The libraries every page starts with, as one cached file instead of a handful of small shared
                  // chunks (fewer requests on the first visit). Redux Toolkit, immer and RTK Query are left out: the
                  // store is Redux's core (session/store.ts), and the toolkit loads with the screens using RTK Query.
                  name: 'framework',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|react-redux|redux|redux-thunk|use-sync-external-store)[\\/]/,
                },
                {
                  // The app's own code every page starts with (shell, translations setup, store, shared UI): one file
                  // instead of a few dozen small ones, each a request on a slow phone line before the page comes alive.
                  name: 'app',
                  test: /[\\/](apps[\\/]web[\\/]src[\\/](i18n|app[\\/](shell|store|login-slice|route-ids|seo)|lib[\\/](toast|api-registry|api-error|use-results-heading)|components[\\/]ui|features[\\/](auth[\\/](logout|session)|newsletter[\\/]components|payments[\\/]hooks[\\/](use-add-property-click|package-notice)))|packages[\\/]contract[\\/]src[\\/](languages|sub-types|pages))/,
                  tags: ['$initial'],
                },
              ],
            },
          },
      treeshake: {
        // @baan/contract declares no `sideEffects`, so its module-level zod schemas would pin all of zod into the
        // home chunk even when the page imports only LANGUAGES. Its modules are pure; say so here.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
}));
