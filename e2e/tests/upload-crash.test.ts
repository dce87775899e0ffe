import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, signUpVerified, subscribeWithTestCard } from '../support/api.ts';
import { type RunningApp, startApp } from '../support/app.ts';

const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : []);

describe('a server killed in the middle of a photo upload', () => {
  const running: RunningApp[] = [];
  afterAll(async () => {
    for (const app of running.reverse()) await app.stop();
  });

  it('leaves no half listing and no stray files after a restart', async () => {
    const first = await startApp();
    running.push(first);
    const token = await signUpVerified(first, 'crash-owner@baan.example');
    await subscribeWithTestCard(first, token);

    // A multipart upload sent slowly by hand: the fields, then a "photo" that never finishes.
    const boundary = 'baan-crash-test-boundary';
    const fields = {
      type: 'rent',
      user_type: 'owner',
      property_type: 'residential',
      property_sub_type: 'condo',
      location: 'Asok, Bangkok',
      title: 'Never finished',
      description: 'x',
      price: '20000',
      area: '40',
      level: '3',
      bed_rooms: '1',
      bath_rooms: '1',
      kitchen: '1',
      floors: '1',
    };
    const head = Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    const req = request(`${first.url}/api/property`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('error', () => {}); // the server dies under it
    req.write(head);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="cover_image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    req.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]));
    for (let i = 0; i < 8; i += 1) req.write(Buffer.alloc(256 * 1024, i));
    // Wait until the server has started writing the photo to its temporary folder, then pull the plug.
    const tmp = path.join(first.dataDir, 'tmp', 'uploads');
    const deadline = Date.now() + 20_000;
    while (filesIn(tmp).length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(filesIn(tmp).length).toBeGreaterThan(0);
    await first.kill();
    req.destroy();

    const second = await startApp({}, { dataDir: first.dataDir });
    running.push(second);
    const login = await api<{ token: string }>(second, 'POST', '/api/login', {
      email: 'crash-owner@baan.example',
      password: 'Secret#Pass1',
    });
    const mine = await api<unknown[]>(second, 'GET', '/api/user/properties', undefined, login.body.payload.token);
    expect(mine.status).toBe(200);
    expect(mine.body.payload).toEqual([]);
    const search = await api<{ total: number }>(second, 'GET', '/api/properties?q=Never%20finished');
    expect(search.body.payload.total).toBe(0);
    expect(filesIn(tmp)).toEqual([]);
    expect(filesIn(path.join(second.dataDir, 'uploads', 'listings'))).toEqual([]);
  });
});
