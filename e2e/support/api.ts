import { crc32, deflateSync } from 'node:zlib';
import { codeIn, type SmtpReceiver } from '../../apps/api/test/support/smtp-receiver.ts';
import type { RunningApp } from './app.ts';

export const PASSWORD = 'Secret#Pass1';

type Envelope<T = unknown> = { success: boolean; message?: string; payload: T; errors?: Record<string, string[]> };

export async function api<T = unknown>(
  app: RunningApp,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

/** The newest code the dev outbox printed for this address (SMTP_URL unset: the log carries it). */
export async function codeFromLog(app: RunningApp, email: string, type = 'register'): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const lines = app
      .logs()
      .split('\n')
      .filter((l) => l.includes('dev outbox'));
    for (const line of lines.reverse()) {
      try {
        const entry = JSON.parse(line) as { to?: string; code?: string; type?: string };
        if (entry.to === email.toLowerCase() && entry.type === type && entry.code) return entry.code;
      } catch {
        // not a JSON line
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${type} code for ${email} in the server log`);
}

/** Registers, verifies by the logged code and logs in through the API; returns the token. */
export async function signUpVerified(
  app: RunningApp,
  email: string,
  name = 'Nok Sripan',
  phoneNumber?: string,
): Promise<string> {
  const reg = await api(app, 'POST', '/api/register', {
    name,
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    accept_terms: true,
    ...(phoneNumber ? { phone_number: phoneNumber } : {}),
  });
  if (reg.status !== 201) throw new Error(`register: ${JSON.stringify(reg.body)}`);
  const otp = await codeFromLog(app, email);
  const verified = await api(app, 'POST', '/api/verifyOtp', { email, otp, type: 'register' });
  if (verified.status !== 200) throw new Error(`verify: ${JSON.stringify(verified.body)}`);
  const login = await api<{ token: string }>(app, 'POST', '/api/login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.body)}`);
  return login.body.payload.token;
}

/** Pays the cheapest package with the built-in test processor's good card. */
export async function subscribeWithTestCard(app: RunningApp, token: string): Promise<void> {
  const packages = await api<{ id: number; price: number }[]>(app, 'GET', '/api/packages');
  const cheapest = [...packages.body.payload].sort((a, b) => a.price - b.price)[0];
  if (!cheapest) throw new Error('no packages');
  const paid = await api(
    app,
    'POST',
    '/api/payment/card',
    {
      package_id: cheapest.id,
      cardholder_name: 'Nok Sripan',
      card_number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    },
    token,
  );
  if (paid.status !== 200 && paid.status !== 201) throw new Error(`card payment: ${JSON.stringify(paid.body)}`);
}

/** A small PNG of one colour, encoded here (zlib's deflate and CRC-32), so no image library is needed. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function multipart<T>(
  app: RunningApp,
  path: string,
  token: string,
  fields: Record<string, string>,
  files: Record<string, Buffer>,
): Promise<{ status: number; body: Envelope<T> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, data] of Object.entries(files))
    form.append(name, new Blob([new Uint8Array(data)], { type: 'image/png' }), `${name}.png`);
  const res = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

/** The form fields of a one-bedroom condo for rent (all but the title and photos). */
export const CONDO_FOR_RENT = {
  type: 'rent',
  user_type: 'owner',
  property_type: 'residential',
  property_sub_type: 'condo',
  location: 'Sukhumvit 24, Khlong Toei, Bangkok',
  description: 'Bright corner unit, five minutes from BTS Phrom Phong.',
  price: '25000',
  area: '45',
  level: '12',
  bed_rooms: '1',
  bath_rooms: '1',
  kitchen: '1',
  floors: '1',
} as const;

/**
 * Lists a condo for rent through the API (the wizard has its own e2e test); returns its id. `fields` overrides the
 * form fields (a sale: `{ type: 'sale', price: '4500000' }`).
 */
export async function createListing(
  app: RunningApp,
  token: string,
  title: string,
  fields: Record<string, string> = {},
): Promise<number> {
  const res = await multipart<{ id: number }>(
    app,
    '/api/property',
    token,
    { ...CONDO_FOR_RENT, title, ...fields },
    { cover_image: solidPng(640, 480, [30, 120, 110]) },
  );
  if (res.status !== 201) throw new Error(`create listing: ${JSON.stringify(res.body)}`);
  return res.body.payload.id;
}

/** Submits a PromptPay transfer receipt for the cheapest package; the payment waits for an admin. */
export async function submitQrPayment(app: RunningApp, token: string, transactionId: string): Promise<void> {
  const me = await api<{ id: number }>(app, 'GET', '/api/user', undefined, token);
  const packages = await api<{ id: number; price: number }[]>(app, 'GET', '/api/packages');
  const cheapest = [...packages.body.payload].sort((a, b) => a.price - b.price)[0];
  if (!cheapest || me.status !== 200) throw new Error('no package or no user');
  const res = await multipart(
    app,
    '/api/payment/qr/manual',
    token,
    { transaction_id: transactionId, package_id: String(cheapest.id), user_id: String(me.body.payload.id) },
    { image: solidPng(360, 640, [240, 253, 250]) },
  );
  if (res.status !== 201) throw new Error(`qr payment: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * Registers, verifies with the code mailed to an SMTP receiver (a server started with SMTP_URL mails codes instead of
 * logging them) and logs in; returns the token.
 */
export async function signUpByMail(app: RunningApp, smtp: SmtpReceiver, email: string, name: string): Promise<string> {
  const before = smtp.mails.length;
  const body = { name, email, password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true };
  const reg = await api(app, 'POST', '/api/register', body);
  if (reg.status !== 201) throw new Error(`register: ${JSON.stringify(reg.body)}`);
  const mail = await smtp.waitFor((m) => m.to.includes(email) && smtp.mails.indexOf(m) >= before, 15_000);
  const verified = await api(app, 'POST', '/api/verifyOtp', { email, otp: codeIn(mail), type: 'register' });
  if (verified.status !== 200) throw new Error(`verify: ${JSON.stringify(verified.body)}`);
  const login = await api<{ token: string }>(app, 'POST', '/api/login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.body)}`);
  return login.body.payload.token;
}
