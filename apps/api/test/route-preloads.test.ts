import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { properties, users } from '../src/db/schema.ts';
import { ROUTE_MODULES, routePreloads } from '../src/lib/route-preloads.ts';
import { build } from './helpers.ts';

// A built SPA as Vite writes it: index.html plus .vite/manifest.json naming each route module's chunk and imports.
const webDist = mkdtempSync(path.join(tmpdir(), 'baan-web-preloads-'));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Baan</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
  </head>
  <body><div id="root"></div></body>
</html>`;
const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'], dynamicImports: [] },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_grid-c.js': { file: 'assets/grid-c.js', imports: ['_react-b.js', '_zod-d.js', 'index.html'] },
  '_zod-d.js': { file: 'assets/zod-d.js' },
  'src/app/routes/quick.tsx': {
    file: 'assets/quick-e.js',
    isDynamicEntry: true,
    imports: ['index.html', '_grid-c.js'],
    dynamicImports: ['_lazy-f.js'],
  },
  '_lazy-f.js': { file: 'assets/lazy-f.js' },
  'src/app/routes/detail.tsx': { file: 'assets/detail-g.js', imports: ['_grid-c.js'] },
  'src/app/routes/info-page.tsx': { file: 'assets/info-h.js', imports: ['index.html'] },
};
writeFileSync(path.join(webDist, 'index.html'), INDEX);
mkdirSync(path.join(webDist, '.vite'));
writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));

const QUICK_TAGS = [
  '<link rel="modulepreload" crossorigin href="/assets/quick-e.js">',
  '<link rel="modulepreload" crossorigin href="/assets/grid-c.js">',
  '<link rel="modulepreload" crossorigin href="/assets/zod-d.js">',
].join('\n');

const DETAIL_TAGS = [
  '<link rel="modulepreload" crossorigin href="/assets/detail-g.js">',
  '<link rel="modulepreload" crossorigin href="/assets/grid-c.js">',
  '<link rel="modulepreload" crossorigin href="/assets/zod-d.js">',
].join('\n');

describe('route preloads', () => {
  it("lists a route's chunk and its static imports, not the entry's chunks nor lazy imports", () => {
    const preloadsFor = routePreloads(webDist);
    expect(preloadsFor('/Quick')).toBe(QUICK_TAGS);
    // React Router matches without regard to case; the query does not matter.
    expect(preloadsFor('/quick?q=Sukhumvit&page=2')).toBe(QUICK_TAGS);
    expect(preloadsFor('/detail/42')).toBe(DETAIL_TAGS);
    expect(preloadsFor('/faq')).toBe('<link rel="modulepreload" crossorigin href="/assets/info-h.js">');
    for (const other of ['/', '/dashboard', '/detail/1/extra', '/Quickly', '/cost'])
      expect(preloadsFor(other)).toBe('');
  });

  it('adds nothing without a manifest or with a broken one', () => {
    expect(routePreloads(path.join(tmpdir(), 'baan-no-such-dist'))('/Quick')).toBe('');
    const broken = mkdtempSync(path.join(tmpdir(), 'baan-web-broken-'));
    mkdirSync(path.join(broken, '.vite'));
    writeFileSync(path.join(broken, '.vite', 'manifest.json'), '{not json');
    expect(routePreloads(broken)('/Quick')).toBe('');
    rmSync(broken, { recursive: true, force: true });
  });

  it('the server puts them in the HTML of that route only, the detail page included', async () => {
    const app = await build({ webDist });
    try {
      const quick = await app.inject({ method: 'GET', url: '/Quick?q=x' });
      expect(quick.statusCode).toBe(200);
      expect(quick.body).toBe(INDEX.replace('</head>', `${QUICK_TAGS}\n</head>`));
      expect((await app.inject({ method: 'GET', url: '/' })).body).toBe(INDEX);
      expect((await app.inject({ method: 'GET', url: '/dashboard/settings' })).body).toBe(INDEX);

      const [owner] = await app.db
        .insert(users)
        .values({ name: 'Owner', email: 'o@example.test', passwordHash: 'x', emailVerifiedAt: new Date() })
        .returning();
      if (!owner) throw new Error('no owner');
      const [listing] = await app.db
        .insert(properties)
        .values({
          userId: owner.id,
          type: 'rent',
          userType: 'owner',
          propertyType: 'residential',
          propertySubType: 'condo',
          location: 'Ari, Bangkok',
          price: 18_000,
          area: 35,
          title: 'Studio near the BTS',
          description: 'Bright.',
        })
        .returning();
      if (!listing) throw new Error('no listing');
      const detail = await app.inject({ method: 'GET', url: `/detail/${listing.id}` });
      expect(detail.statusCode).toBe(200);
      expect(detail.body).toContain('<link rel="modulepreload" crossorigin href="/assets/detail-g.js">');
      expect(detail.body).toContain('<title>Studio near the BTS · Ari, Bangkok | Baan</title>');
      // A missing listing still gets the SPA (the detail screen shows its not-found state), without the listing's head.
      const missing = await app.inject({ method: 'GET', url: '/detail/999999' });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toBe(INDEX.replace('</head>', `${DETAIL_TAGS}\n</head>`));
    } finally {
      await app.close();
    }
  });
});

describe('the route table the preloads repeat', () => {
  const web = path.resolve(import.meta.dirname, '../../web');
  const router = readFileSync(path.join(web, 'src/app/router.tsx'), 'utf8');

  it('names route modules that exist and that the SPA router loads', () => {
    for (const [, module] of ROUTE_MODULES) {
      expect(existsSync(path.join(web, module)), module).toBe(true);
      // router.tsx imports each as './routes/<name>'.
      const name = path.basename(module, '.tsx');
      expect(router, module).toContain(`./routes/${name}`);
    }
  });
});
