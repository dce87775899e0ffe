// The layer rules of Baan, checked by `npm run lint` (docs/ARCHITECTURE.md, "Layers"; ADR 022). Each rule is written on
// paths, with back-references where a rule is about "another one of the same kind", so it holds for every feature,
// service and route folder, including the ones that do not exist yet. Folder-level cycles are checked by
// scripts/check-folder-cycles.mjs on the same graph.

const WEB = '^apps/web/src/';
const API = '^apps/api/src/';
const TEST = '(\\.test\\.tsx?$|/test/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle: these modules import each other, directly or through others. Move what they share into a ' +
        'module both import, or pass it in (a parameter, a callback).',
      from: { path: '^(apps|packages)/', pathNot: TEST },
      to: { circular: true },
    },
    // ---- the web app ----
    {
      name: 'web-feature-to-other-feature',
      severity: 'error',
      comment:
        'A feature imports no other feature. Move what both need to components/ui (shared UI, wording as props), lib/ ' +
        '(shared logic) or session/ (the store and the signed-in session), or let the route module (app/routes) join ' +
        'the features by passing props or callbacks.',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-feature-to-app',
      severity: 'error',
      comment:
        'A feature never imports app/ (the shell, the route modules, the store set-up): the store, the login state and ' +
        'the app-wide lists (favourites, compare, recently viewed) are reached through session/. Routes import features, ' +
        'not the other way round.',
      from: { path: `${WEB}features/`, pathNot: TEST },
      to: { path: `${WEB}(app|root)` },
    },
    {
      name: 'web-shared-to-features-or-app',
      severity: 'error',
      comment:
        'Shared code (components/, lib/, i18n/, session/) imports no feature and nothing from app/: take the data, ' +
        'wording and callbacks as props or parameters from the route or feature that uses it.',
      from: { path: `${WEB}(components|lib|i18n|session)/`, pathNot: TEST },
      to: { path: `${WEB}(features|app|root)` },
    },
    {
      name: 'web-components-to-session',
      severity: 'error',
      comment:
        'Shared UI (components/) knows nothing of the store or the session: take the signed-in user or a dispatch ' +
        'callback as props from the route or feature that renders it.',
      from: { path: `${WEB}components/`, pathNot: TEST },
      to: { path: `${WEB}session/` },
    },
    {
      name: 'web-route-to-route',
      severity: 'error',
      comment:
        'A route module never imports another route module (React Router loads each on its own). Import the screen ' +
        'from its feature or shared UI, and repeat the small `handle` if both need it.',
      from: { path: `${WEB}app/routes/`, pathNot: TEST },
      to: { path: `${WEB}app/routes/` },
    },
    // ---- the API ----
    {
      name: 'api-service-to-plugin-route-or-seed',
      severity: 'error',
      comment:
        'A service never imports a Fastify plugin, a route or the demo seed: take the dependency (mailer, passwords, ' +
        'storage, clock) as a parameter typed with a plain type from lib/ or services/; the plugin implements it. Only ' +
        'the seed itself and the app that runs it know the seed.',
      from: { path: `${API}services/`, pathNot: `${API}services/seed/` },
      to: { path: [`${API}(plugins|routes)/`, `${API}services/seed/`, `${API}(app|server|config)\\.ts$`] },
    },
    {
      name: 'api-lib-to-app-code',
      severity: 'error',
      comment:
        'lib/ holds small building blocks every layer may use; it imports no service, plugin or route (a lib/ module ' +
        'that needs a service belongs with the plugin or route that uses it).',
      from: { path: `${API}lib/` },
      to: { path: [`${API}(services|plugins|routes|storage)/`, `${API}(app|server|config)\\.ts$`] },
    },
    {
      name: 'api-config-to-app-code',
      severity: 'error',
      comment:
        'config.ts reads the environment with lib/ helpers only: every layer reads the configuration, so it imports ' +
        'no service, plugin or route (a value both need goes to lib/).',
      from: { path: `${API}config\\.ts$` },
      to: { path: `${API}(services|plugins|routes)/` },
    },
    {
      name: 'api-route-to-other-route',
      severity: 'error',
      comment: 'A route folder imports no other route folder: what two routes share goes into a service or lib/.',
      from: { path: `${API}routes/([^/]+)/` },
      to: { path: `${API}routes/`, pathNot: `${API}routes/$1/` },
    },
    {
      name: 'api-route-to-plugin',
      severity: 'error',
      comment:
        'A route reaches infrastructure through the app (app.db, app.mailer, app.rateLimit…), not by importing a ' +
        'plugin module: plugins decorate the app, routes use the decoration.',
      from: { path: `${API}routes/` },
      to: { path: `${API}plugins/` },
    },
    {
      name: 'api-infra-plugin-to-app',
      severity: 'error',
      comment:
        'An infrastructure plugin (plugins/infra) knows nothing of the product: it never imports an app plugin or a ' +
        'route. Let the app plugin register on it (app.jobs.register, app.mailer) instead.',
      from: { path: `${API}plugins/infra/` },
      to: { path: [`${API}plugins/app/`, `${API}routes/`] },
    },
    {
      name: 'contract-is-pure',
      severity: 'error',
      comment: 'The contract (packages/contract) is imported by the browser and the server: it imports no app code.',
      from: { path: '^packages/contract/src/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.react-router|build)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'node', 'default'],
      exportsFields: ['exports'],
    },
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
