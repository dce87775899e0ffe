/** The layout route whose screens render in the browser only (routes/client-only.tsx; see routes.ts). */
export const CLIENT_ONLY_ROUTE_ID = 'app/routes/client-only';
