import { describe, expect, it } from 'vitest';
import { deferHydration } from './deferred-hydration.server';

const page = [
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/framework-B.js"/><link rel="stylesheet" href="/assets/app.css"/></head>',
  '<body><main>Hello</main><script nonce="n0">window.__reactRouterContext = {};</script>',
  '<script nonce="n0" type="module" async="">import "/assets/manifest.js";\nimport("/assets/entry.client-A.js");</script>',
  '</body></html>',
].join('');

describe('deferHydration', () => {
  const html = deferHydration(page);

  it('takes the module preloads out of the critical path and keeps the stylesheet and the loader data', () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain('<script nonce="n0">window.__reactRouterContext = {};</script>');
  });

  it('keeps the module script as inert text with the same body, and runs it from a nonce-carrying bootstrap', () => {
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(
      '<script type="text/x-module" id="rr-entry" nonce="n0">import "/assets/manifest.js";\nimport("/assets/entry.client-A.js");</script>',
    );
    const bootstrap = html.match(/<script nonce="n0">(\(function[\s\S]*?)<\/script><\/body>/)?.[1];
    expect(bootstrap).toContain('["/assets/entry.client-A.js","/assets/framework-B.js"]');
    expect(bootstrap).toContain('addEventListener("load"');
    expect(bootstrap).toContain('createDocumentFragment');
  });

  it('leaves a document without React Router scripts as it was', () => {
    const plain = '<html><head><link rel="modulepreload" href="/x.js"/></head><body><script>x()</script></body></html>';
    expect(deferHydration(plain)).toBe(plain);
  });
});
