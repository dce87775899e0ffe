/**
 * The newsletter confirmation mail's page (ADR 055) and the unsubscribe page (ADR 058) as the API process serves them:
 * needs the web build.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIST } from '../src/paths.ts';
import { build } from './helpers.ts';
import { decodeEntities, metaContent } from './support/html.ts';

if (!existsSync(path.join(DEFAULT_WEB_DIST, 'server', 'index.js'))) {
  throw new Error('The web app is not built: run `npm run build` before the API tests (npm test does).');
}

const logs: string[] = [];
const app = await build(
  { logLevel: 'trace' },
  new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  }),
);
const TOKEN = 'Zx9SecretNewsletterToken_0123456789abcdefgh';

describe('GET /{lang}/newsletter/confirm', () => {
  it.each([
    ['', 'Confirm your newsletter subscription', 'Confirm my subscription'],
    ['/th', 'ยืนยันการรับจดหมายข่าว', 'ยืนยันการรับจดหมายข่าว'],
  ])(
    'renders on the server (%s), never indexed, cached or sent on as a referrer, and confirms nothing',
    async (prefix, heading, button) => {
      const res = await app.inject({ method: 'GET', url: `${prefix}/newsletter/confirm?token=${TOKEN}` });
      expect(res.statusCode).toBe(200);
      const html = decodeEntities(res.body);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(html).toContain(`>${button}</button>`);
      expect(metaContent(res.body, 'name', 'robots')).toBe('noindex, nofollow');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(logs.join('\n')).not.toContain(TOKEN);
    },
  );
});

const UNSUBSCRIBE_TOKEN = '7.Zx9SecretUnsubscribeToken_0123456789abcdefg';

describe('GET /{lang}/newsletter/unsubscribe', () => {
  it.each([
    ['', 'Unsubscribe from the newsletter', 'Unsubscribe'],
    ['/th', 'ยกเลิกการรับจดหมายข่าว', 'ยกเลิกการรับจดหมายข่าว'],
  ])(
    'renders on the server (%s), never indexed, cached or sent on as a referrer, and unsubscribes nobody',
    async (prefix, heading, button) => {
      const res = await app.inject({
        method: 'GET',
        url: `${prefix}/newsletter/unsubscribe?token=${UNSUBSCRIBE_TOKEN}`,
      });
      expect(res.statusCode).toBe(200);
      const html = decodeEntities(res.body);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(html).toContain(`>${button}</button>`);
      expect(metaContent(res.body, 'name', 'robots')).toBe('noindex, nofollow');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(logs.join('\n')).not.toContain(UNSUBSCRIBE_TOKEN.split('.')[1]);
    },
  );
});
