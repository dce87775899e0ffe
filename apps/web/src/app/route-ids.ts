/** The layout route whose screens render in the browser only (routes/client-only.tsx; see routes.ts). */
export const CLIENT_ONLY_ROUTE_ID = 'app/routes/client-only';

/** The layout route above every page: its data holds the site's titles in the page's language (routes/pages.tsx). */
export const PAGES_ROUTE_ID = 'app/routes/pages';
