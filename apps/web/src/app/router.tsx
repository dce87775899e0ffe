import type { RouteObject } from 'react-router';
import { MainLayout } from '../components/layout/MainLayout';
import { NotFound, RootErrorScreen } from '../components/ui/NotFound';
import { HomeRoute } from './routes/home';

const infoPage = (path: string, infoPage: string): RouteObject => ({
  path,
  handle: { infoPage },
  lazy: () => import('./routes/info-page'),
});

/** My properties: one screen; the route says which listings it shows (docs/decisions/007-my-properties-routes.md). */
const myProperties = (path: string, listingType: 'rent' | 'sale'): RouteObject => ({
  path,
  handle: { listingType },
  lazy: () => import('./routes/my-properties'),
});

type AdminSection = 'Payments' | 'Listings' | 'Users' | 'Packages' | 'Messages' | 'Audit';

/** An admin console section: a component of the one lazy console chunk (routes/admin.tsx). */
const adminSection = (name: AdminSection) => async () => ({ Component: (await import('./routes/admin'))[name] });

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
          { path: 'contact', lazy: () => import('./routes/contact') },
          { path: 'login', lazy: () => import('./routes/login') },
          { path: 'signup', lazy: () => import('./routes/signup') },
          { path: 'otp', lazy: () => import('./routes/otp') },
          { path: 'setpassword', lazy: () => import('./routes/set-password') },
          {
            path: 'dashboard',
            // The layout and its pages are one lazy chunk (routes/dashboard.tsx).
            lazy: async () => ({ Component: (await import('./routes/dashboard')).Component }),
            children: [
              { index: true, lazy: async () => ({ Component: (await import('./routes/dashboard')).Overview }) },
              myProperties('sellproperty', 'sale'),
              myProperties('buyproperty', 'rent'),
              myProperties('rentedproperty', 'rent'),
              { path: 'inquiries', lazy: async () => ({ Component: (await import('./routes/dashboard')).Inquiries }) },
              { path: 'settings', lazy: async () => ({ Component: (await import('./routes/dashboard')).Settings }) },
            ],
          },
          {
            path: 'admin',
            // Only admins see it; everyone else gets the not-found screen (routes/admin.tsx).
            lazy: async () => ({ Component: (await import('./routes/admin')).Component }),
            children: [
              { index: true, lazy: adminSection('Payments') },
              { path: 'listings', lazy: adminSection('Listings') },
              { path: 'users', lazy: adminSection('Users') },
              { path: 'packages', lazy: adminSection('Packages') },
              { path: 'messages', lazy: adminSection('Messages') },
              { path: 'audit', lazy: adminSection('Audit') },
            ],
          },
          { path: 'add-property', lazy: () => import('./routes/add-property') },
          { path: 'select-package', lazy: () => import('./routes/select-package') },
          { path: 'billing-information', lazy: () => import('./routes/billing-information') },
          { path: 'checkout', lazy: () => import('./routes/checkout') },
          { path: 'payment-success', lazy: () => import('./routes/payment-success') },
          { path: 'order-success', lazy: () => import('./routes/order-success') },
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
