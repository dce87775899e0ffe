import { describe, expect, it, vi } from 'vitest';
import { deferHydration, PRELOADS_PER_TASK } from './deferred-hydration.server';

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

  it('appends the preloads a few to a task after load, then the entry module in a task of its own', () => {
    const hrefs = Array.from({ length: 14 }, (_, i) => `/assets/chunk-${i}.js`);
    const big = page.replace(
      '<link rel="modulepreload" href="/assets/framework-B.js"/>',
      hrefs.map((href) => `<link rel="modulepreload" href="${href}"/>`).join(''),
    );
    const code = deferHydration(big).match(/<script nonce="n0">(\(function[\s\S]*?)<\/script><\/body>/)?.[1] ?? '';
    const entry = document.createElement('script');
    entry.type = 'text/x-module';
    entry.id = 'rr-entry';
    entry.textContent = 'import("/assets/entry.client-A.js");';
    document.body.append(entry);
    // What each task appends: preload hrefs to <head>, the module script to <body> (kept out of the document here).
    const tasks: string[][] = [];
    let current: string[] = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      for (const link of (node as DocumentFragment).querySelectorAll('link')) {
        expect(link.rel).toBe('modulepreload');
        current.push(link.getAttribute('href') ?? '');
      }
      return node;
    });
    vi.spyOn(document.body, 'appendChild').mockImplementation((node) => {
      const script = node as HTMLScriptElement;
      current.push(`module: ${script.type} ${script.textContent}`);
      return node;
    });
    vi.useFakeTimers();
    try {
      new Function(code)();
      expect(current).toEqual([]);
      for (let tick = 0; tick < 10; tick += 1) {
        vi.advanceTimersToNextTimer();
        if (current.length) tasks.push(current);
        current = [];
      }
    } finally {
      vi.useRealTimers();
      entry.remove();
    }
    const preloads = ['/assets/entry.client-A.js', ...hrefs];
    expect(tasks.flat()).toEqual([...preloads, 'module: module import("/assets/entry.client-A.js");']);
    for (const task of tasks.slice(0, -1)) expect(task.length).toBeLessThanOrEqual(PRELOADS_PER_TASK);
    expect(tasks).toHaveLength(Math.ceil(preloads.length / PRELOADS_PER_TASK) + 1);
    expect(tasks.at(-1)).toEqual(['module: module import("/assets/entry.client-A.js");']);
  });

  it('leaves a document without React Router scripts as it was', () => {
    const plain = '<html><head><link rel="modulepreload" href="/x.js"/></head><body><script>x()</script></body></html>';
    expect(deferHydration(plain)).toBe(plain);
  });
});
