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

/**
 * The rewrite as it was first written (three regular-expression passes over the page, and the places inserted before
 * it by a copy of their own): the reference the single pass must equal, character for character.
 */
function referenceDefer(rendered: string, beforeBodyEnd: string): string {
  const bodyEnd = rendered.lastIndexOf('</body>');
  const html =
    beforeBodyEnd && bodyEnd >= 0
      ? `${rendered.slice(0, bodyEnd)}${beforeBodyEnd}${rendered.slice(bodyEnd)}`
      : rendered;
  const moduleScript = /<script(?=[^>]*\stype="module")(?=[^>]*\snonce="([^"]+)")[^>]*>/;
  const module = moduleScript.exec(html);
  if (!module) return html;
  const nonce = module[1];
  const preloads: string[] = [];
  const withoutPreloads = html.replace(/<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g, (_, href: string) => {
    preloads.push(href);
    return '';
  });
  const inert = withoutPreloads.replace(moduleScript, `<script type="text/x-module" id="rr-entry" nonce="${nonce}">`);
  const end = inert.lastIndexOf('</body>');
  if (end < 0) return html;
  const bootstrap = /<script nonce="[^"]*">(\(function[\s\S]*?)<\/script><\/body>/.exec(deferHydration(page))?.[1];
  const code = bootstrap?.replace(/var p=\[[^\]]*\]/, `var p=${JSON.stringify(preloads).replaceAll('<', '\\u003c')}`);
  return `${inert.slice(0, end)}<script nonce="${nonce}">${code}</script>${inert.slice(end)}`;
}

describe('deferHydration in one pass', () => {
  const places = '<script type="application/json" id="place-names">{"language":"th","names":{"a":"ก"}}</script>';
  const thai = '<p class="x">คอนโด สุขุมวิท ฿3,500,000</p>'.repeat(200);
  const variants: Record<string, string> = {
    'the test page': page,
    'a page of Thai text': page.replace('<main>Hello</main>', `<main>${thai}</main>`),
    'preloads after the module script and in the body': page
      .replace('</body>', '<link rel="modulepreload" href="/assets/late-C.js"/></body>')
      .replace('<main>', '<main><link rel="modulepreload" href="/assets/mid-D.js" crossorigin=""/>'),
    'attributes in another order, a plain script first': page
      .replace('<script nonce="n0" type="module" async="">', '<script async="" type="module" nonce="n1">')
      .replace('<main>', '<script src="/x.js"></script><script type="module">y()</script><main>'),
    'a near miss of a preload': page.replace(
      '<main>',
      '<link rel="modulepreload" href=""/><link rel="modulepreload"/><main>',
    ),
    'no preloads': page.replaceAll(/<link rel="modulepreload"[^>]*>/g, ''),
    'no module script': page.replace(' type="module"', ''),
    'no </body>': page.replace('</body>', ''),
  };

  for (const [name, html] of Object.entries(variants)) {
    it(`equals the three-pass rewrite: ${name}, with and without the places`, () => {
      expect(deferHydration(html)).toBe(referenceDefer(html, ''));
      expect(deferHydration(html, places)).toBe(referenceDefer(html, places));
    });
  }

  it('keeps what the render adds, and the page as rendered, when a preload or the module script follows </body>', () => {
    const late = page.replace('</html>', '<link rel="modulepreload" href="/assets/after-E.js"/></html>');
    const withPlaces = (html: string) => html.replace('</body>', `${places}</body>`);
    expect(deferHydration(late, places)).toBe(withPlaces(late));
    const moduleLast = page.replace(/(<script nonce="n0" type="module"[\s\S]*?<\/script>)(<\/body>)/, '$2$1');
    expect(moduleLast).not.toBe(page);
    expect(deferHydration(moduleLast, places)).toBe(withPlaces(moduleLast));
  });

  it('puts what the render adds before the bootstrap, and adds it alone to a page without React Router scripts', () => {
    expect(deferHydration(page, places)).toMatch(
      /<\/main>.*<\/script><script type="application\/json" id="place-names">.*<\/script><script nonce="n0">\(function/s,
    );
    const plain = '<html><body><p>x</p></body></html>';
    expect(deferHydration(plain, places)).toBe(`<html><body><p>x</p>${places}</body></html>`);
  });
});
