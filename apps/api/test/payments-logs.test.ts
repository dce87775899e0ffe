import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { freshDatabase } from './helpers.ts';
import { bearer, signUpAndLogin } from './support/accounts.ts';

describe('card numbers in the log', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-data-'));
  const database = await freshDatabase();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  // The most talkative level, so anything that could leak does.
  const config: Config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), logLevel: 'trace' };
  const app = await buildApp({ config, database, logStream });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('never appear, whatever the outcome: paid, declined or invalid', async () => {
    const user = await signUpAndLogin(app);
    const id = ((await app.inject('/api/packages')).json() as { payload: { id: number }[] }).payload[0]?.id;
    const cards = ['4242424242424242', '4000000000000002', '4242424242424241', '4111111111111111'];
    for (const card_number of cards) {
      await app.inject({
        method: 'POST',
        url: '/api/payment/card',
        headers: bearer(user.token),
        payload: { package_id: id, cardholder_name: 'A B', card_number, exp_month: 12, exp_year: 2030, cvc: '987' },
      });
    }
    expect(logs.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(logs.filter((line) => line.includes(card.slice(0, 12)))).toEqual([]);
    }
    expect(logs.some((line) => line.includes('card declined'))).toBe(true);
  });
});
