import { Writable } from 'node:stream';
import { AUTH_MESSAGES, CONTACT_MESSAGES } from '@baan/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { properties } from '../src/db/schema.ts';
import { activateSubscription, createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { makePendingQrPayment } from './support/admin.ts';
import { storedFiles, tableContents } from './support/db-snapshot.ts';

/**
 * Bad input of every kind found by probing the API (issue 11, "Bad input → 400, never 500"): each
 * answers a 4xx with a clear message in the envelope, writes no row and keeps no file.
 */

const logs: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    logs.push(chunk.toString());
    done();
  },
});
// The most talkative level, so whatever could leak a body does.
// No background worker: a mail job of an earlier, accepted request would otherwise change the jobs
// and outbox rows between the snapshots around a refused one.
const app = await build({ logLevel: 'trace', jobsWorker: false }, logStream);

const owner = await createUser(app, { email: 'owner@bad-input.test' });
await activateSubscription(app, owner.id);
const admin = await createUser(app, { email: 'admin@bad-input.test', role: 'admin' });
const listing = await makeListing(app, owner.id, { title: 'Quiet house' });
const payment = await makePendingQrPayment(app, owner.id, 'TX-BAD-1');
const packageId = ((await app.inject('/api/packages')).json() as { payload: { id: number }[] }).payload[0]?.id;
if (!packageId) throw new Error('no package');
const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a8' } })
  .jpeg()
  .toBuffer();

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const RLO = '\u202e';
const HUGE_ID = 2_147_483_648;
const PASSWORD = 'Secret#Pass1';
const OLD_PASSWORD = 'Old#Passphrase-42';
const NEW_PASSWORD = 'New#Passphrase-42';

const BOUNDARY = 'BaanBoundary7MA4YWxkTrZu0gW';
/** A multipart body with the given fields and file, as a browser's FormData sends it. */
function multipart(fields: Record<string, string>, file?: { field: string; bytes: Buffer }): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file)
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

const LISTING: Record<string, string> = {
  type: 'rent',
  user_type: 'owner',
  property_type: 'residential',
  property_sub_type: 'condo',
  location: 'Thong Lo, Bangkok',
  title: 'Bright condo',
  description: 'Corner unit.\nCity view.',
  price: '35000',
  area: '72',
  level: '18',
  bed_rooms: '2',
  bath_rooms: '2',
  kitchen: '1',
  floors: '1',
  'rooms[0][type]': 'bedroom',
  'rooms[0][quantity]': '2',
};
const listingForm = (fields: Record<string, string>) =>
  multipart({ ...LISTING, ...fields }, { field: 'cover_image', bytes: jpeg });
const receiptForm = (fields: Record<string, string>) =>
  multipart(
    { user_id: String(owner.id), package_id: String(packageId), transaction_id: 'TX-NEW-1', ...fields },
    { field: 'image', bytes: jpeg },
  );
const register = (fields: Record<string, unknown>) => ({
  name: 'Somchai Jaidee',
  email: 'new@bad-input.test',
  password: PASSWORD,
  password_confirmation: PASSWORD,
  accept_terms: true,
  ...fields,
});
const contact = (fields: Record<string, unknown>) => ({
  name: 'Malee',
  email: 'malee@bad-input.test',
  subject: 'Hello',
  message: 'A question.',
  ...fields,
});
const inquiry = (fields: Record<string, unknown>) => ({
  name: 'Malee',
  email: 'malee@bad-input.test',
  message: 'Is it still free?',
  ...fields,
});
const card = (fields: Record<string, unknown>) => ({
  package_id: packageId,
  cardholder_name: 'Malee Dee',
  card_number: '4242424242424242',
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
  ...fields,
});

type Case = {
  name: string;
  method?: 'POST' | 'PATCH' | 'DELETE' | 'GET';
  url: string;
  body?: unknown;
  /** Sent as the raw body with this Content-Type (JSON bodies are serialized by inject). */
  contentType?: string;
  as?: 'owner' | 'admin';
  status: number;
  message: string | RegExp;
  /** The field the envelope's `errors` must name. */
  field?: string;
  /** That field's first message, when it differs from the envelope's. */
  fieldMessage?: string;
};

type Request = Omit<Case, 'status' | 'message'>;

const unstorable = /contains a NUL character or broken Unicode/;
const UNSUPPORTED_TYPE =
  'This content type is not accepted. Send JSON (Content-Type: application/json), or multipart/form-data for a form with files.';
const BAD_BOUNDARY =
  'The multipart/form-data Content-Type needs a boundary of 1 to 70 characters, as a browser form sends it.';
const INCOMPLETE_FORM = 'The form data is incomplete or does not match its boundary. Please send the form again.';

const nulRequests: Request[] = [
  { name: 'register: name', url: '/api/register', body: register({ name: `Som${NUL}chai` }), field: 'name' },
  {
    name: 'register: phone',
    url: '/api/register',
    body: register({ phone_number: `081${NUL}` }),
    field: 'phone_number',
  },
  {
    name: 'register: password',
    url: '/api/register',
    body: register({ password: `${PASSWORD}${NUL}` }),
    field: 'password',
  },
  { name: 'login: e-mail', url: '/api/login', body: { email: `a${NUL}@b.co`, password: PASSWORD }, field: 'email' },
  { name: 'login: password', url: '/api/login', body: { email: owner.email, password: `x${NUL}` }, field: 'password' },
  { name: 'profile: name (JSON)', url: '/api/update/profile', as: 'owner', body: { name: `Som${NUL}` }, field: 'name' },
  ...(['phone_number', 'line_id'] as const).map(
    (field): Omit<Case, 'status' | 'message'> => ({
      name: `profile: ${field}`,
      url: '/api/update/profile',
      as: 'owner',
      body: { name: 'Somchai', [field]: `somchai${NUL}` },
      field,
    }),
  ),
  { name: 'contact: name', url: '/api/contact-us', body: contact({ name: `M${NUL}` }), field: 'name' },
  { name: 'contact: e-mail', url: '/api/contact-us', body: contact({ email: `m${NUL}@b.co` }), field: 'email' },
  { name: 'contact: subject', url: '/api/contact-us', body: contact({ subject: `Hi${NUL}` }), field: 'subject' },
  { name: 'contact: message', url: '/api/contact-us', body: contact({ message: `Hi${NUL}` }), field: 'message' },
  ...(['name', 'message', 'phone'] as const).map(
    (field): Omit<Case, 'status' | 'message'> => ({
      name: `inquiry: ${field}`,
      url: `/api/property/${listing.id}/inquiry`,
      body: inquiry({ [field]: field === 'phone' ? `0812345678${NUL}` : `x${NUL}` }),
      field,
    }),
  ),
  {
    name: 'packages: name',
    url: '/api/admin/packages',
    as: 'admin',
    body: { name: `Gold${NUL}`, price: 1 },
    field: 'name',
  },
  {
    name: 'packages: edit name',
    method: 'PATCH',
    url: `/api/admin/packages/${packageId}`,
    as: 'admin',
    body: { name: `Gold${NUL}` },
    field: 'name',
  },
  {
    name: 'payments: reject reason',
    url: `/api/admin/payments/${payment.id}/reject`,
    as: 'admin',
    body: { reason: `Blurry${NUL}` },
    field: 'reason',
  },
  {
    name: 'subscriptions: payment method',
    url: '/api/subscriptions',
    as: 'admin',
    body: { user_id: owner.id, package_id: packageId, payment_method: `cash${NUL}` },
    field: 'payment_method',
  },
  {
    name: 'card payment: billing name',
    url: '/api/payment/card',
    as: 'owner',
    body: card({ billing_name: `Malee${NUL}`, billing_address: 'Bangkok' }),
    field: 'billing_name',
  },
  { name: 'a NUL in a key', url: '/api/contact-us', body: { ...contact({}), [`x${NUL}`]: 1 }, field: 'body' },
  {
    name: 'nested: rooms',
    url: '/api/contact-us',
    body: { ...contact({}), rooms: [{ type: `a${NUL}` }] },
    field: 'rooms.0.type',
  },
];
const nulCases: Case[] = nulRequests.map((c) => ({ ...c, status: 400, message: unstorable }));

const surrogateRequests: Request[] = [
  {
    name: 'packages: name',
    url: '/api/admin/packages',
    as: 'admin',
    body: { name: `Gold${LONE_SURROGATE}`, price: 1 },
  },
  {
    name: 'packages: edit name',
    method: 'PATCH',
    url: `/api/admin/packages/${packageId}`,
    as: 'admin',
    body: { name: `\udc00Gold` },
  },
  { name: 'register: name', url: '/api/register', body: register({ name: `Som${LONE_SURROGATE}` }), field: 'name' },
  { name: 'contact: message', url: '/api/contact-us', body: contact({ message: `Hi ${LONE_SURROGATE}` }) },
];
const surrogateCases: Case[] = surrogateRequests.map((c) => ({ ...c, status: 400, message: unstorable }));

const queryCases: Case[] = [
  { name: 'listing search', method: 'GET', url: '/api/properties?q=a%00b', field: 'q' },
  { name: 'admin users', method: 'GET', url: '/api/admin/users?q=a%00b', as: 'admin', field: 'q' },
  { name: 'admin listings', method: 'GET', url: '/api/admin/properties?q=a%00b', as: 'admin', field: 'q' },
  { name: 'admin messages', method: 'GET', url: '/api/admin/messages?q=a%00b', as: 'admin', field: 'q' },
  { name: 'admin messages CSV', method: 'GET', url: '/api/admin/messages.csv?q=a%00b', as: 'admin', field: 'q' },
  { name: 'a path parameter', method: 'GET', url: '/api/payments/1%00', as: 'owner', field: 'id' },
].map((c) => ({ ...c, status: 400, message: unstorable }) as Case);

/** The router refuses these before any route runs; they answer the envelope all the same. */
const addressCases: Case[] = [
  {
    name: 'a path parameter that is not valid percent-encoding',
    method: 'DELETE',
    url: '/api/property/%E0%A4%A',
    as: 'owner',
    status: 400,
    message: 'This address is not valid: a part of it is not properly encoded.',
  },
  {
    name: 'a path parameter longer than any id',
    url: `/api/admin/payments/${'9'.repeat(200)}/reject`,
    as: 'admin',
    body: { reason: 'No' },
    status: 414,
    message: 'This address is too long.',
  },
];

const multipartTextCases: Case[] = [
  ...['title', 'location', 'description', 'rooms[0][type]'].map(
    (field): Case => ({
      name: `listing: ${field}`,
      url: '/api/property',
      as: 'owner',
      body: listingForm({ [field]: `x${NUL}y` }),
      contentType: MULTIPART,
      status: 400,
      message: unstorable,
    }),
  ),
  {
    name: 'profile: name (multipart)',
    url: '/api/update/profile',
    as: 'owner',
    body: multipart({ name: `Som${NUL}` }),
    contentType: MULTIPART,
    status: 400,
    message: unstorable,
    field: 'name',
  },
  {
    name: 'QR receipt: transaction id',
    url: '/api/payment/qr/manual',
    as: 'owner',
    body: receiptForm({ transaction_id: `TX${NUL}9` }),
    contentType: MULTIPART,
    status: 400,
    message: unstorable,
    field: 'transaction_id',
  },
  {
    name: 'listing: availability date 0000-01-01',
    url: '/api/property',
    as: 'owner',
    body: listingForm({ availability_date: '0000-01-01' }),
    contentType: MULTIPART,
    status: 400,
    message: 'Please correct the highlighted fields.',
    field: 'availability_date',
  },
  {
    name: 'listing: availability date 9999-12-31',
    url: '/api/property',
    as: 'owner',
    body: listingForm({ availability_date: '9999-12-31' }),
    contentType: MULTIPART,
    status: 400,
    message: 'Please correct the highlighted fields.',
    field: 'availability_date',
  },
];

const bidiRequests: (Request & { message: string })[] = [
  {
    name: 'register: name',
    url: '/api/register',
    body: register({ name: `Som${RLO}chai` }),
    message: AUTH_MESSAGES.invalidForm,
    fieldMessage: AUTH_MESSAGES.nameInvalid,
  },
  {
    name: 'profile: name',
    url: '/api/update/profile',
    as: 'owner',
    body: { name: `\u2066Somchai` },
    message: AUTH_MESSAGES.nameInvalid,
  },
  {
    name: 'contact: subject',
    url: '/api/contact-us',
    body: contact({ subject: `Hi${RLO}` }),
    message: CONTACT_MESSAGES.invisibleCharacters,
    field: 'subject',
  },
  {
    name: 'inquiry: name',
    url: `/api/property/${listing.id}/inquiry`,
    body: inquiry({ name: 'Malee\u001b[2J' }),
    message: CONTACT_MESSAGES.invisibleCharacters,
    field: 'name',
  },
  {
    name: 'packages: name',
    url: '/api/admin/packages',
    as: 'admin',
    body: { name: `Gold${RLO}`, price: 1 },
    message: 'Please correct the highlighted fields.',
    field: 'name',
    fieldMessage: 'The package name contains invisible control characters.',
  },
  {
    name: 'listing: title',
    url: '/api/property',
    as: 'owner',
    body: listingForm({ title: `exe.${RLO}gpj` }),
    contentType: MULTIPART,
    message: 'Please correct the highlighted fields.',
    field: 'title',
    fieldMessage: 'title contains invisible control characters',
  },
  {
    name: 'listing: room type',
    url: '/api/property',
    as: 'owner',
    body: listingForm({ 'rooms[0][type]': 'bed\u0085room' }),
    contentType: MULTIPART,
    message: 'Please correct the highlighted fields.',
    field: 'rooms.0.type',
    fieldMessage: 'room type contains invisible control characters',
  },
];
const bidiCases: Case[] = bidiRequests.map((c) => ({ ...c, status: 400, field: c.field ?? 'name' }));

const bodyShapeCases: Case[] = [
  ...['[]', '"Somchai"', '42', 'null', 'true'].map(
    (raw): Case => ({
      name: `profile: JSON ${raw}`,
      url: '/api/update/profile',
      as: 'owner',
      body: raw,
      contentType: 'application/json',
      status: 400,
      message: 'The request body must be a JSON object.',
    }),
  ),
  {
    name: 'profile: a password change as text/plain',
    url: '/api/update/profile',
    as: 'owner',
    body: JSON.stringify({
      current_password: OLD_PASSWORD,
      new_password: NEW_PASSWORD,
      new_password_confirmation: NEW_PASSWORD,
    }),
    contentType: 'text/plain',
    status: 415,
    message: UNSUPPORTED_TYPE,
  },
  {
    name: 'login: text/plain',
    url: '/api/login',
    body: JSON.stringify({ email: owner.email, password: OLD_PASSWORD }),
    contentType: 'text/plain;charset=UTF-8',
    status: 415,
    message: UNSUPPORTED_TYPE,
  },
  {
    name: 'register: a form post',
    url: '/api/register',
    body: 'name=a&email=b',
    contentType: 'application/x-www-form-urlencoded',
    status: 415,
    message: UNSUPPORTED_TYPE,
  },
  {
    name: 'contact: multipart where only JSON is taken',
    url: '/api/contact-us',
    body: multipart(contact({}) as Record<string, string>),
    contentType: MULTIPART,
    status: 415,
    message: UNSUPPORTED_TYPE,
  },
  {
    name: 'listing: JSON where a form is needed',
    url: '/api/property',
    as: 'owner',
    body: JSON.stringify(LISTING),
    contentType: 'application/json',
    status: 415,
    message: 'Send the form as multipart/form-data.',
  },
];

/** The three multipart routes, each with a form that would otherwise be accepted. */
const MULTIPART_ROUTES = [
  { url: '/api/property', form: listingForm({}) },
  { url: '/api/update/profile', form: multipart({ name: 'Somchai' }) },
  { url: '/api/payment/qr/manual', form: receiptForm({}) },
];
const boundaryCases: Case[] = MULTIPART_ROUTES.flatMap(({ url, form }): Case[] => [
  {
    name: `${url}: no boundary`,
    url,
    as: 'owner',
    body: form,
    contentType: 'multipart/form-data',
    status: 400,
    message: BAD_BOUNDARY,
  },
  {
    name: `${url}: empty boundary`,
    url,
    as: 'owner',
    body: form,
    contentType: 'multipart/form-data; boundary=',
    status: 400,
    message: BAD_BOUNDARY,
  },
  {
    name: `${url}: boundary over 70 characters`,
    url,
    as: 'owner',
    body: form,
    contentType: `multipart/form-data; boundary=${'b'.repeat(71)}`,
    status: 400,
    message: BAD_BOUNDARY,
  },
  {
    name: `${url}: a boundary the body does not use`,
    url,
    as: 'owner',
    body: form,
    contentType: 'multipart/form-data; boundary=SomethingElse',
    status: 400,
    message: INCOMPLETE_FORM,
  },
  {
    name: `${url}: a body cut short`,
    url,
    as: 'owner',
    body: form.subarray(0, form.length - 40),
    contentType: MULTIPART,
    status: 400,
    message: INCOMPLETE_FORM,
  },
]);

/** Ids and amounts beyond a PostgreSQL integer (they failed the query before). */
const bigNumberCases: Case[] = [
  {
    name: 'approve a payment',
    url: `/api/admin/payments/${HUGE_ID}/approve`,
    as: 'admin',
    status: 404,
    message: 'Payment not found.',
  },
  {
    name: 'reject a payment',
    url: `/api/admin/payments/${HUGE_ID}/reject`,
    as: 'admin',
    body: { reason: 'No' },
    status: 404,
    message: 'Payment not found.',
  },
  {
    name: 'delete a listing',
    method: 'DELETE',
    url: `/api/property/${HUGE_ID}`,
    as: 'owner',
    status: 400,
    message: 'This listing id is not valid.',
    field: 'id',
  },
  {
    name: 'read a payment',
    method: 'GET',
    url: `/api/payments/${HUGE_ID}`,
    as: 'owner',
    status: 404,
    message: 'Payment not found.',
  },
  {
    name: 'grant: user id',
    url: '/api/subscriptions',
    as: 'admin',
    body: { user_id: HUGE_ID, package_id: packageId },
    status: 400,
    message: 'Please correct the highlighted fields.',
    field: 'user_id',
  },
  {
    name: 'grant: amount',
    url: '/api/subscriptions',
    as: 'admin',
    body: { user_id: owner.id, package_id: packageId, amount: 1e15 },
    status: 400,
    message: 'Please correct the highlighted fields.',
    field: 'amount',
  },
  {
    name: 'card: package id',
    url: '/api/payment/card',
    as: 'owner',
    body: card({ package_id: HUGE_ID }),
    status: 400,
    message: 'Please correct the highlighted fields.',
    field: 'package_id',
  },
  {
    name: 'QR code: package id',
    method: 'GET',
    url: `/api/payment/qr?package_id=${HUGE_ID}`,
    as: 'owner',
    status: 400,
    message: 'Please correct the highlighted fields.',
    field: 'package_id',
  },
  {
    name: 'QR receipt: package id',
    url: '/api/payment/qr/manual',
    as: 'owner',
    body: receiptForm({ package_id: String(HUGE_ID) }),
    contentType: MULTIPART,
    status: 400,
    message: 'Please correct the highlighted fields.',
    field: 'package_id',
  },
  {
    name: 'inquiries: listing id',
    method: 'GET',
    url: `/api/user/inquiries?property_id=${HUGE_ID}`,
    as: 'owner',
    status: 400,
    message: 'Please correct the filters.',
    field: 'property_id',
  },
];

let address = 0;
async function send(c: Case) {
  const token = c.as === 'admin' ? admin.token : c.as === 'owner' ? owner.token : null;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (c.contentType) headers['content-type'] = c.contentType;
  address += 1;
  return app.inject({
    method: c.method ?? 'POST',
    url: c.url,
    headers,
    // Every request from its own address, so per-IP limits never decide an answer here.
    remoteAddress: `10.11.${Math.floor(address / 250)}.${address % 250}`,
    ...(c.body === undefined ? {} : { payload: c.body as string }),
  });
}

async function expectRefused(c: Case) {
  const before = await tableContents(app);
  const filesBefore = storedFiles(app.dataDir);
  const res = await send(c);
  expect(res.statusCode, res.body).toBe(c.status);
  const body = res.json() as { success: boolean; message: string; errors?: Record<string, string[]> };
  expect(body.success).toBe(false);
  if (typeof c.message === 'string') expect(body.message).toBe(c.message);
  else expect(body.message).toMatch(c.message);
  if (c.field) expect(Object.keys(body.errors ?? {})).toContain(c.field);
  if (c.field && c.fieldMessage) expect(body.errors?.[c.field]?.[0]).toBe(c.fieldMessage);
  expect(await tableContents(app)).toEqual(before);
  expect(storedFiles(app.dataDir)).toEqual(filesBefore);
}

describe('a NUL character in any text field is a 400 naming the field, and nothing is stored', () => {
  it.each(nulCases.map((c) => [c.name, c] as const))('%s', async (_name, c) => expectRefused(c));
});

describe('an unpaired surrogate (JSON "\\ud800") is a 400, not stored garbled', () => {
  it.each(surrogateCases.map((c) => [c.name, c] as const))('%s', async (_name, c) => expectRefused(c));
});

describe('a NUL in a query string or a path parameter is a 400', () => {
  it.each(queryCases.map((c) => [c.name, c] as const))('%s', async (_name, c) => expectRefused(c));
});

describe('a badly encoded or overlong address', () => {
  it.each(addressCases.map((c) => [c.name, c] as const))('%s', async (_name, c) => expectRefused(c));
});

describe('multipart fields are checked like JSON ones', () => {
  it.each(multipartTextCases.map((c) => [c.name, c] as const))('%s', async (_name, c) => expectRefused(c));

  it('says which dates an availability date may take', async () => {
    const res = await send(multipartTextCases.find((c) => c.name.includes('0000-01-01')) as Case);
    expect(res.json().errors.availability_date).toEqual([
      'availability date must be between 1900-01-01 and 2200-12-31',
    ]);
  });
});

describe('bidi overrides and control characters in names and titles are refused', () => {
  it.each(bidiCases.map((c) => [c.name, c] as const))('%s', async (_name, c) => expectRefused(c));
});

describe('a body that is not a JSON object, or not JSON at all', () => {
  it.each(bodyShapeCases.map((c) => [c.name, c] as const))('%s', async (_name, c) => expectRefused(c));

  it('never logs the passwords of a password change sent as text/plain', () => {
    const all = logs.join('');
    expect(all).toContain('"statusCode":415');
    expect(all).not.toContain(OLD_PASSWORD);
    expect(all).not.toContain(NEW_PASSWORD);
  });
});

describe('multipart with no, a wrong or a broken boundary, on every multipart route', () => {
  it.each(boundaryCases.map((c) => [c.name, c] as const))('%s', async (_name, c) => expectRefused(c));
});

describe('ids and amounts too large for the database', () => {
  it.each(bigNumberCases.map((c) => [c.name, c] as const))('%s', async (_name, c) => expectRefused(c));
});

describe('what people really type still works', () => {
  it('a title pasted with a line break is stored on one line; a description keeps its line breaks', async () => {
    const res = await send({
      name: 'ok',
      url: '/api/property',
      as: 'owner',
      body: listingForm({ title: 'บ้านสวย\r\nใกล้ BTS', availability_date: '2200-12-31' }),
      contentType: MULTIPART,
      status: 201,
      message: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { payload: { id: number } }).payload.id;
    const [row] = await app.db.select().from(properties).where(eq(properties.id, id));
    expect(row?.title).toBe('บ้านสวย ใกล้ BTS');
    expect(row?.description).toBe('Corner unit.\nCity view.');
  });

  it('an emoji (a valid surrogate pair) in a contact message is stored', async () => {
    const res = await send({
      name: 'ok',
      url: '/api/contact-us',
      body: contact({ message: 'Hi 🏠' }),
      status: 201,
      message: '',
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
