import { type RouteObject, redirect } from 'react-router';
import { MainLayout } from '../components/layout/MainLayout';
import { NotFound, RootErrorScreen } from '../components/ui/NotFound';
import { loadNamespaces } from '../i18n';
import { HomeRoute } from './routes/home';

/**
 * A lazy screen and the translation namespaces it needs besides the core ones (i18n/index.ts), loaded in parallel
 * so the screen renders without waiting for a second round trip.
 */
function withNamespaces<T>(namespaces: readonly string[], load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadNamespaces(namespaces)]))[0];
}

const infoPage = (path: string, infoPage: string): RouteObject => ({
  path,
  handle: { infoPage },
  lazy: withNamespaces(['pages'], () => import('./routes/info-page')),
});

/** My properties: one list of all the owner's listings, filtered in its address (docs/decisions/012-one-list-of-my-properties.md). */
const MY_PROPERTIES = '/dashboard/properties';

/** The spec's sellproperty, buyproperty and rentedproperty: the one list with its type pre-set (other filters kept). */
const myPropertiesPreset = (path: string, type: 'rent' | 'sale'): RouteObject => ({
  path,
  loader: ({ request }) => {
    const search = new URLSearchParams({ type });
    for (const [key, value] of new URL(request.url).searchParams) if (key !== 'type') search.append(key, value);
    return redirect(`${MY_PROPERTIES}?${search}`);
  },
});

type AdminSection = 'Payments' | 'Listings' | 'Users' | 'Packages' | 'Messages' | 'Audit';

/** An admin console section: a component of the one lazy console chunk (routes/admin.tsx). */
const adminSection = (name: AdminSection) =>
  withNamespaces(ADMIN_NAMESPACES, async () => ({ Component: (await import('./routes/admin'))[name] }));

const ADMIN_NAMESPACES = ['admin', 'payments'];
const DASHBOARD_NAMESPACES = ['dashboard', 'auth', 'contact', 'payments'];
const dashboardPage = (name: 'Overview' | 'Inquiries' | 'Settings') =>
  withNamespaces(DASHBOARD_NAMESPACES, async () => ({ Component: (await import('./routes/dashboard'))[name] }));

/** The spec's route table (section 2). Everything except home is a lazy chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <MainLayout />,
    errorElement: <RootErrorScreen />,
    // Shown while a lazy route's chunk loads on first paint; the page's own layout appears right after.
    hydrateFallbackElement: <div className="min-h-svh" />,
    children: [
      {
        // Page errors render inside the layout, so the header and footer stay usable.
        errorElement: <NotFound />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'Quick', lazy: () => import('./routes/quick') },
          { path: 'Buy-rent', lazy: () => import('./routes/buy-rent') },
          { path: 'recommend', lazy: () => import('./routes/recommend') },
          { path: 'cost', lazy: () => import('./routes/cost') },
          { path: 'detail/:id', lazy: () => import('./routes/detail') },
          { path: 'contact', lazy: withNamespaces(['contact'], () => import('./routes/contact')) },
          { path: 'login', lazy: withNamespaces(['auth'], () => import('./routes/login')) },
          { path: 'signup', lazy: withNamespaces(['auth'], () => import('./routes/signup')) },
          { path: 'otp', lazy: withNamespaces(['auth'], () => import('./routes/otp')) },
          { path: 'setpassword', lazy: withNamespaces(['auth'], () => import('./routes/set-password')) },
          {
            path: 'dashboard',
            // The layout and its pages are one lazy chunk (routes/dashboard.tsx).
            lazy: withNamespaces(DASHBOARD_NAMESPACES, async () => ({
              Component: (await import('./routes/dashboard')).Component,
            })),
            children: [
              { index: true, lazy: dashboardPage('Overview') },
              { path: 'properties', lazy: withNamespaces(['property'], () => import('./routes/my-properties')) },
              myPropertiesPreset('sellproperty', 'sale'),
              myPropertiesPreset('buyproperty', 'rent'),
              myPropertiesPreset('rentedproperty', 'rent'),
              { path: 'inquiries', lazy: dashboardPage('Inquiries') },
              { path: 'settings', lazy: dashboardPage('Settings') },
            ],
          },
          {
            path: 'admin',
            // Only admins see it; everyone else gets the not-found screen (routes/admin.tsx).
            lazy: withNamespaces(ADMIN_NAMESPACES, async () => ({
              Component: (await import('./routes/admin')).Component,
            })),
            children: [
              { index: true, lazy: adminSection('Payments') },
              { path: 'listings', lazy: adminSection('Listings') },
              { path: 'users', lazy: adminSection('Users') },
              { path: 'packages', lazy: adminSection('Packages') },
              { path: 'messages', lazy: adminSection('Messages') },
              { path: 'audit', lazy: adminSection('Audit') },
            ],
          },
          {
            path: 'add-property',
            lazy: withNamespaces(['property', 'locations', 'payments'], () => import('./routes/add-property')),
          },
          { path: 'select-package', lazy: withNamespaces(['payments'], () => import('./routes/select-package')) },
          {
            path: 'billing-information',
            lazy: withNamespaces(['payments'], () => import('./routes/billing-information')),
          },
          { path: 'checkout', lazy: withNamespaces(['payments'], () => import('./routes/checkout')) },
          { path: 'payment-success', lazy: withNamespaces(['payments'], () => import('./routes/payment-success')) },
          { path: 'order-success', lazy: withNamespaces(['payments'], () => import('./routes/order-success')) },
          infoPage('terms', 'terms'),
          infoPage('privacy', 'privacy'),
          infoPage('services', 'services'),
          infoPage('faq', 'faq'),
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
