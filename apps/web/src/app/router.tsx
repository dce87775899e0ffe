import type { RouteObject } from 'react-router';
import { MainLayout } from '../components/layout/MainLayout';
import { NotFound, RootErrorScreen } from '../components/ui/NotFound';
import { HomeRoute } from './routes/home';

const comingSoon = (path: string, titleKey: string): RouteObject => ({
  path,
  handle: { titleKey },
  lazy: () => import('./routes/coming-soon'),
});

const infoPage = (path: string, infoPage: string): RouteObject => ({
  path,
  handle: { infoPage },
  lazy: () => import('./routes/info-page'),
});

/** My properties: one screen; the route says which listings it shows (docs/decisions/005-my-properties-routes.md). */
const myProperties = (path: string, listingType: 'rent' | 'sale'): RouteObject => ({
  path,
  handle: { listingType },
  lazy: () => import('./routes/my-properties'),
});

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
          comingSoon('Quick', 'nav.quickSearch'),
          comingSoon('Buy-rent', 'nav.buyOrRent'),
          comingSoon('recommend', 'nav.recommend'),
          comingSoon('cost', 'nav.setAllCost'),
          comingSoon('contact', 'nav.contactUs'),
          comingSoon('login', 'header.loginRegister'),
          myProperties('dashboard/sellproperty', 'sale'),
          myProperties('dashboard/buyproperty', 'rent'),
          myProperties('dashboard/rentedproperty', 'rent'),
          comingSoon('dashboard/*', 'header.dashboard'),
          { path: 'add-property', lazy: () => import('./routes/add-property') },
          comingSoon('select-package', 'header.package'),
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
