import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { frameworkScripts } from '../src/plugins/app/web.ts';

const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

// Issue 21 (L1): the page CSP allowed the hash of every inline script found in the rendered HTML, so a script that
// found its way into a page would have been allowed too. Only the scripts carrying the render's nonce are.
describe('frameworkScripts', () => {
  const nonce = 'n0nce-of-this-render';
  const page = [
    '<html><head><link rel="modulepreload" href="/assets/a.js" nonce="n0nce-of-this-render"/></head><body>',
    '<p>A description</p><script>alert(document.cookie)</script>',
    '<script nonce="someone-else">alert(2)</script>',
    '<script type="application/ld+json">{"@type":"Offer"}</script>',
    '<script nonce="n0nce-of-this-render">window.__reactRouterContext = {};</script>',
    '<script type="module" async="" nonce="n0nce-of-this-render">import "/assets/entry.js";</script>',
    '<script src="/assets/x.js" nonce="n0nce-of-this-render"></script>',
    '</body></html>',
  ].join('');

  it("allows only the scripts that carry this render's nonce, never an injected one", () => {
    const { hashes } = frameworkScripts(page, nonce);
    expect(hashes.sort()).toEqual(
      [hash('window.__reactRouterContext = {};'), hash('import "/assets/entry.js";')].sort(),
    );
    expect(hashes).not.toContain(hash('alert(document.cookie)'));
    expect(hashes).not.toContain(hash('alert(2)'));
  });

  it('leaves no nonce in the page, and nothing else changed', () => {
    const { html } = frameworkScripts(page, nonce);
    expect(html).not.toContain(nonce);
    expect(html).toBe(page.replaceAll(' nonce="n0nce-of-this-render"', ''));
    expect(html).toContain('<script nonce="someone-else">alert(2)</script>');
  });

  it('gives an injected, unclosed script no hash, even when a framework script follows it', () => {
    const trap = `<p>x<script>evil()<script nonce="${nonce}">ok()</script></p>`;
    expect(frameworkScripts(trap, nonce).hashes).toEqual([]);
  });
});
