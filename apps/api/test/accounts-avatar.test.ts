import { existsSync } from 'node:fs';
import path from 'node:path';
import { AUTH_MESSAGES as M, User } from '@baan/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { build } from './helpers.ts';
import { bearer, json, signUpAndLogin, userRow } from './support/accounts.ts';

const app = await build();

/** A multipart body built by hand, as a browser's FormData would send it. */
function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer; field?: string },
) {
  const boundary = `----baan${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'profile_image'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photo = (format: 'png' | 'jpeg' | 'gif', width = 600) =>
  sharp({ create: { width, height: 400, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .toFormat(format)
    .toBuffer();

async function upload(token: string, body: ReturnType<typeof multipart>) {
  return app.inject({
    method: 'POST',
    url: '/api/update/profile',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const storedFile = (url: string) => path.join(app.dataDir, url.replace(/^.*\/uploads\//, 'uploads/'));

describe('profile image (multipart)', () => {
  it('stores a PNG as a 256 px WebP served under /uploads, with the name, and replaces the old one', async () => {
    const { token, email } = await signUpAndLogin(app);
    const res = await upload(
      token,
      multipart({ name: 'Pim Dee' }, { name: 'me.png', type: 'image/png', bytes: await photo('png') }),
    );
    expect(res.statusCode).toBe(200);
    const body = json<{ message: string; payload: unknown }>(res);
    expect(body.message).toBe(M.profileUpdated);
    const user = User.strict().parse(body.payload);
    expect(user.name).toBe('Pim Dee');
    expect(user.profile_image).toMatch(/\/uploads\/avatars\/[0-9a-f-]{36}-256\.webp$/);
    const served = await app.inject({ method: 'GET', url: new URL(user.profile_image ?? '', 'http://x').pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.width).toBe(256);
    expect(meta.exif).toBeUndefined();

    const first = storedFile(user.profile_image ?? '');
    expect(existsSync(first)).toBe(true);
    const gif = await upload(
      token,
      multipart({}, { name: 'anim.gif', type: 'image/gif', bytes: await photo('gif', 120) }),
    );
    expect(gif.statusCode).toBe(200);
    const next = User.parse(json<{ payload: unknown }>(gif).payload);
    expect(next.name).toBe('Pim Dee');
    expect(next.profile_image).toMatch(/-120\.webp$/);
    expect(existsSync(first)).toBe(false);
    expect((await userRow(app, email))?.profileImage).toMatch(/^avatars\//);
  });

  it('judges the file by its bytes: a text file named .png is 415 and changes nothing', async () => {
    const { token, email } = await signUpAndLogin(app);
    const fake = multipart(
      { name: 'New Name' },
      { name: 'evil.png', type: 'image/png', bytes: Buffer.from('GIF? no, plain text') },
    );
    const res = await upload(token, fake);
    expect(res.statusCode).toBe(415);
    expect(json(res)).toEqual({ success: false, message: M.imageType, errors: { profile_image: [M.imageType] } });
    const webp = await sharp(await photo('png'))
      .webp()
      .toBuffer();
    const res2 = await upload(token, multipart({}, { name: 'x.jpg', type: 'image/jpeg', bytes: webp }));
    expect(res2.statusCode).toBe(415);
    const row = await userRow(app, email);
    expect(row?.name).toBe('Somchai Jaidee');
    expect(row?.profileImage).toBeNull();
  });

  it('accepts a JPEG under a misleading name, refuses a broken image and an empty form', async () => {
    const { token } = await signUpAndLogin(app);
    const ok = await upload(
      token,
      multipart({}, { name: 'photo.gif', type: 'text/plain', bytes: await photo('jpeg') }),
    );
    expect(ok.statusCode).toBe(200);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const bad = await upload(token, multipart({}, { name: 'b.jpg', type: 'image/jpeg', bytes: broken }));
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(M.imageUnreadable);
    const empty = await upload(token, multipart({}));
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toBe(M.nameRequired);
    const blank = await upload(token, multipart({ name: '  ' }));
    expect(json(blank)).toEqual({ success: false, message: M.nameRequired, errors: { name: [M.nameRequired] } });
  });

  it('needs a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/update/profile', ...multipart({ name: 'X' }) });
    expect(res.statusCode).toBe(401);
  });
});
