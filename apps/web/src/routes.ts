import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * The spec's route table (section 2), each page also under a language prefix (`/th/Quick`): the optional first
 * segment is the language (i18n/localized-router.tsx). Public pages render on the server with their data; the
 * account, dashboard, wizard and admin screens render in the browser (routes/client-only.tsx).
 */
const r = (path: string, file: string, id?: string) =>
  id ? route(path, `app/routes/${file}`, { id }) : route(path, `app/routes/${file}`);

export default [
  route(':lang?', 'app/routes/language.tsx', [
    // Page errors (a 404 included) render inside the layout, so the header and footer stay usable.
    layout('app/routes/pages.tsx', [
      index('app/routes/home.tsx'),
      r('Quick', 'quick.tsx'),
      r('Buy-rent', 'buy-rent.tsx'),
      r('recommend', 'recommend.tsx'),
      r('cost', 'cost.tsx'),
      r('detail/:id', 'detail.tsx'),
      // Listings side by side (?ids=1,2,3): server-rendered, never indexed.
      r('compare', 'compare.tsx'),
      r('contact', 'contact.tsx'),
      r('select-package', 'select-package.tsx'),
      r('terms', 'info-page.tsx', 'terms'),
      // The PDPA privacy notice (ADR 023).
      r('privacy', 'privacy.tsx'),
      r('services', 'info-page.tsx', 'services'),
      r('faq', 'info-page.tsx', 'faq'),
      // The buyer's guides (the home page's Guides cards).
      r('guides/:slug', 'guide.tsx'),
      // Condo projects: the index with its search, a project's page, an area's market figures (issue 24).
      r('projects', 'projects.tsx'),
      r('project/:slug', 'project.tsx'),
      r('market/:province/:district?', 'market.tsx'),
      // A lister's public profile (issue 25, ADR 029).
      r('agent/:slug', 'agent.tsx'),
      // An agency's public page (issue 25 item 2, ADR 037).
      r('agency/:slug', 'agency.tsx'),
      // The weekly report's unsubscribe link (public, not indexed).
      r('unsubscribe', 'unsubscribe.tsx'),
      // Favourites: the page's frame renders on the server, the list in the browser (not indexed).
      r('favorites', 'favorites.tsx'),
      // A saved search's alert mail link (public, not indexed); the browser ends the alert.
      r('alerts/unsubscribe', 'alerts.unsubscribe.tsx'),
      // The newsletter confirmation mail's link (public, not indexed); its button confirms with a POST (ADR 055).
      r('newsletter/confirm', 'newsletter.confirm.tsx'),
      // The newsletter's unsubscribe link (public, not indexed); its button unsubscribes with a POST (ADR 058).
      r('newsletter/unsubscribe', 'newsletter.unsubscribe.tsx'),
      // A guest's conversation through the link mailed to them (?token=; not indexed, no referrer; ADR 034).
      r('messages/:id', 'messages.tsx'),
      layout('app/routes/client-only.tsx', [
        r('login', 'login.tsx'),
        r('signup', 'signup.tsx'),
        r('otp', 'otp.tsx'),
        r('setpassword', 'set-password.tsx'),
        route('dashboard', 'app/routes/dashboard.tsx', [
          index('app/routes/dashboard.overview.tsx'),
          r('properties', 'my-properties.tsx'),
          r('properties/:id/stats', 'dashboard.stats.tsx'),
          // The spec's three lists: the one list of My properties with its type pre-set (other filters kept).
          r('sellproperty', 'my-properties-preset.tsx', 'sellproperty'),
          r('buyproperty', 'my-properties-preset.tsx', 'buyproperty'),
          r('rentedproperty', 'my-properties-preset.tsx', 'rentedproperty'),
          r('inquiries', 'dashboard.inquiries.tsx'),
          r('messages', 'dashboard.messages.tsx'),
          r('messages/:id', 'dashboard.message.tsx'),
          // Viewing hours, requests and upcoming viewings (ADR 035); the owner's viewing mails link here.
          r('viewings', 'dashboard.viewings.tsx'),
          r('saved-searches', 'dashboard.saved-searches.tsx'),
          r('imports', 'dashboard.imports.tsx'),
          r('settings', 'dashboard.settings.tsx'),
          // The account deletion mail's link: the token after #, confirmed by the signed-in owner (ADR 023).
          r('settings/delete-account', 'dashboard.delete-account.tsx'),
          // The agency invitation mail's link: the token after #, accepted by the signed-in invitee (ADR 037).
          r('agency/join', 'dashboard.agency-join.tsx'),
        ]),
        route('admin', 'app/routes/admin.tsx', [
          index('app/routes/admin.payments.tsx'),
          r('listings', 'admin.listings.tsx'),
          r('users', 'admin.users.tsx'),
          r('packages', 'admin.packages.tsx'),
          r('projects', 'admin.projects.tsx'),
          r('messages', 'admin.messages.tsx'),
          r('jobs', 'admin.jobs.tsx'),
          r('settings', 'admin.settings.tsx'),
          r('audit', 'admin.audit.tsx'),
          r('privacy', 'admin.privacy.tsx'),
          r('verifications', 'admin.verifications.tsx'),
        ]),
        r('add-property', 'add-property.tsx'),
        r('edit-property/:id', 'edit-property.tsx'),
        r('billing-information', 'billing-information.tsx'),
        r('checkout', 'checkout.tsx'),
        r('payment-success', 'payment-success.tsx'),
        r('order-success', 'order-success.tsx'),
      ]),
      r('*', 'not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
