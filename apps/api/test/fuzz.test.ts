import * as contract from '@baan/contract';
import { ErrorEnvelope } from '@baan/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { activateSubscription, createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { makePendingQrPayment } from './support/admin.ts';
import { storedFiles, tableCounts } from './support/db-snapshot.ts';
import { registeredRoutes } from './support/routes.ts';

/**
 * Property-based fuzzing of every route that changes something (issue 11): generated bodies (JSON of
 * any shape, text with NUL, lone surrogates, bidi and control characters, huge numbers, wrong types,
 * other content types, multipart forms with and without files, broken boundaries) are thrown at every
 * registered POST / PUT / PATCH / DELETE route, as a signed-in user or, where the route needs one,
 * an admin. No answer may be a 5xx; every error is the envelope; and a refused request stores
 * nothing. The routes are read from the app, so a new route is fuzzed without being listed here.
 *
 * FUZZ_SEED and FUZZ_RUNS (per route) reproduce or deepen a run: FUZZ_SEED=123 FUZZ_RUNS=500 npx vitest run test/fuzz.test.ts
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_511);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

// No background worker: a job enqueued by an earlier, accepted request (a rejection mail, say)
// would otherwise write its rows between the counts around a later request, and the test would
// blame that request. What a request writes itself, it writes before it answers.
const app = await build({ jobsWorker: false });
const admin = await createUser(app, { email: 'admin@fuzz.test', role: 'admin' });
const packageId = ((await app.inject('/api/packages')).json() as { payload: { id: number }[] }).payload[0]?.id ?? 1;
const jpeg = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#4a8' } })
  .jpeg()
  .toBuffer();

const MUTATING = /^(POST|PUT|PATCH|DELETE) /;
const routes = registeredRoutes(app, '/').filter((route) => MUTATING.test(route));

/** Refused requests that may still write, by design. */
const WRITES_ON_REFUSAL: Record<string, { status: number; tables: string[] }> = {
  // A declined card leaves a failed payment row for reconciliation (services/payments/pay-by-card.ts).
  'POST /api/payment/card': { status: 402, tables: ['payments'] },
  // A wrong code is recorded with the network it came from (the code limits of ADR 019, code-guard.ts).
  'POST /api/verifyOtp': { status: 400, tables: ['otp_failures'] },
};

// ---- What to send ---------------------------------------------------------------------------

/** Every field name and enum value the contract knows, read from its schemas. */
function contractVocabulary() {
  const keys = new Set<string>();
  const words = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (schema: unknown): void => {
    if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
    seen.add(schema);
    const def = schema._zod.def as unknown as Record<string, unknown>;
    if (def.type === 'object') {
      for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
        keys.add(key);
        walk(field);
      }
    }
    if (def.type === 'enum') for (const value of Object.values(def.entries as object)) words.add(String(value));
    for (const part of ['left', 'right', 'in', 'out', 'innerType', 'element']) walk(def[part]);
    if (Array.isArray(def.options)) for (const option of def.options) walk(option);
  };
  for (const value of Object.values(contract)) walk(value);
  return { keys: [...keys].sort(), words: [...words].sort() };
}
const vocabulary = contractVocabulary();

const NASTY = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\u202eevil',
  '\u2066',
  '\u0007',
  '\u001b[31m',
  '\u0085',
  '\r\n',
  '\t',
  ' ',
  '',
  '%00',
  '0000-01-01',
  '9999-12-31',
  '2026-02-30',
  '1e400',
  '-1',
  'NaN',
  'null',
  '__proto__',
  '../../etc/passwd',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '🏠',
  'บ้าน',
  'x'.repeat(20_000),
];
/** What text cannot be stored as (NUL, lone surrogates) or must not show (controls, bidi). */
// NUL three times: the one PostgreSQL refuses outright, so the likeliest to find a 500.
const HOSTILE_CHARACTERS = [
  '\u0000',
  '\u0000',
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202e',
  '\u2066',
  '\u0007',
  '\u001b',
  '\u0085',
  '\r\n',
];
const hostileText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...HOSTILE_CHARACTERS), fc.string({ maxLength: 8 }))
  .map((parts) => parts.join(''));
const nastyString = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, -0),
  fc.integer(),
  fc.double({ noNaN: true }),
);
const word = fc.constantFrom(...vocabulary.words, 'hide', 'show', 'feature', 'unfeature', 'disable', 'enable');
const leaf = fc.oneof(nastyString, nastyNumber, word, fc.boolean(), fc.constant(null), fc.emailAddress());
const { value: anyValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...vocabulary.keys), nastyString), tie('value'), { maxKeys: 4 }),
  ),
}));

/** A value each field could validly take, so that a mutated body gets past the first checks. */
function plausibleBody(ids: Ids, email: string): Record<string, unknown> {
  return {
    name: 'Somchai Jaidee',
    email,
    password: 'Secret#Pass1',
    password_confirmation: 'Secret#Pass1',
    current_password: 'Secret#Pass1',
    new_password: 'Secret#Pass2',
    new_password_confirmation: 'Secret#Pass2',
    phone_number: '0812345678',
    phone: '0812345678',
    otp: '1234',
    type: 'rent',
    verification_token: 'token',
    remember: false,
    subject: 'Hello',
    message: 'Is it still available?',
    reason: 'The receipt is unreadable.',
    price: 35_000,
    features: [],
    user_id: ids.user,
    package_id: packageId,
    amount: 100,
    card_number: '4242424242424242',
    exp_month: 12,
    exp_year: 2030,
    cvc: '123',
    cardholder_name: 'Somchai Jaidee',
    billing_name: 'Somchai Jaidee',
    billing_address: '1 Sukhumvit Road, Bangkok',
    transaction_id: `TX${ids.user}${Math.floor(Math.random() * 1e9)}`,
    user_type: 'owner',
    property_type: 'residential',
    property_sub_type: 'condo',
    location: 'Thong Lo, Bangkok',
    title: 'Bright condo',
    description: 'Corner unit.\nCity view.',
    area: '72',
    level: '3',
    bed_rooms: '2',
    bath_rooms: '1',
    kitchen: '1',
    floors: '1',
    availability_date: '2026-06-01',
    'rooms[0][type]': 'bedroom',
    'rooms[0][quantity]': '2',
  };
}

const PLAUSIBLE_KEYS = Object.keys(plausibleBody({ user: 1, listing: 1, payment: 1, package: 1, admin: 1 }, 'a@b.co'));

/**
 * A body: a plausible one with some fields changed (mostly to hostile text) or dropped, an empty
 * one, or any JSON value at all. Changes go mostly to `fields`, the ones the route itself names.
 */
function bodyPlanFor(fields: string[]) {
  const key = fc.oneof(
    ...(fields.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...fields) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...PLAUSIBLE_KEYS) },
    { weight: 1, arbitrary: fc.constantFrom(...vocabulary.keys) },
    { weight: 1, arbitrary: nastyString },
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: hostileText },
    { weight: 1, arbitrary: nastyString },
    { weight: 2, arbitrary: anyValue },
  );
  return fc.record({
    startFrom: fc.constantFrom('plausible', 'plausible', 'plausible', 'empty', 'anything'),
    changes: fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 4 }),
    drops: fc.array(fc.constantFrom(...PLAUSIBLE_KEYS), { maxLength: 2 }),
    anything: anyValue,
  });
}
type BodyPlan = ReturnType<typeof bodyPlanFor> extends fc.Arbitrary<infer T> ? T : never;

function makeBody(plan: BodyPlan, ids: Ids, email: string): unknown {
  if (plan.startFrom === 'anything') return plan.anything;
  const body: Record<string, unknown> = plan.startFrom === 'plausible' ? plausibleBody(ids, email) : {};
  for (const key of plan.drops) delete body[key];
  for (const [key, value] of plan.changes)
    Object.defineProperty(body, key, { value, enumerable: true, writable: true });
  return body;
}

const FILE_FIELDS = ['cover_image', 'images[0]', 'profile_image', 'image', 'other'];
const envelopePlan = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('json' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('multipart' as const),
      boundary: fc.constantFrom('ok', 'ok', 'ok', 'none', 'empty', 'too long', 'not in the body', 'cut short'),
      file: fc.option(
        fc.record({
          field: fc.constantFrom(...FILE_FIELDS),
          bytes: fc.oneof(fc.constant('jpeg'), fc.uint8Array({ maxLength: 64 })),
          filename: fc.oneof(fc.constant('photo.jpg'), nastyString),
        }),
      ),
    }),
  },
  fc.record({
    kind: fc.constant('raw' as const),
    contentType: fc.constantFrom(
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/octet-stream',
      'application/json; charset=utf-16',
      'multipart/mixed; boundary=x',
      'application/json',
      undefined,
    ),
    text: fc.oneof(nastyString, fc.constant('{"name": "x"'), fc.constant('{"__proto__": {"admin": true}}')),
  }),
);
type EnvelopePlan = typeof envelopePlan extends fc.Arbitrary<infer T> ? T : never;

const BOUNDARY = 'FuzzBoundary0123456789';
function multipartBody(fields: Record<string, unknown>, plan: Extract<EnvelopePlan, { kind: 'multipart' }>) {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
  }
  if (plan.file) {
    const bytes = plan.file.bytes === 'jpeg' ? jpeg : Buffer.from(plan.file.bytes);
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${plan.file.field}"; filename="${plan.file.filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const body = Buffer.concat(chunks);
  const contentType = {
    ok: `multipart/form-data; boundary=${BOUNDARY}`,
    none: 'multipart/form-data',
    empty: 'multipart/form-data; boundary=',
    'too long': `multipart/form-data; boundary=${'b'.repeat(200)}`,
    'not in the body': 'multipart/form-data; boundary=SomethingElse',
    'cut short': `multipart/form-data; boundary=${BOUNDARY}`,
  }[plan.boundary];
  return { contentType, payload: plan.boundary === 'cut short' ? body.subarray(0, Math.floor(body.length / 2)) : body };
}

/** A path parameter: an id that exists, a word, or anything. */
const paramPlan = fc.oneof(
  fc.constantFrom('listing', 'payment', 'package', 'user', 'admin'),
  word,
  nastyString.filter((s) => s.length > 0),
  nastyNumber.map(String),
);

// ---- How to send it -------------------------------------------------------------------------

type Ids = { user: number; listing: number; payment: number; package: number; admin: number };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Percent-encodes a path segment; a lone surrogate (no UTF-8 form) goes as the bytes a client would send for it. */
const encodeSegment = (text: string) => text.split(LONE_SURROGATE).map(encodeURIComponent).join('%ED%A0%80');

function fillPath(pattern: string, params: string[], ids: Ids): string {
  let i = 0;
  return pattern.replace(/:[A-Za-z_]+/g, () => {
    const param = params[i++ % params.length] ?? 'listing';
    const id = ids[param as keyof Ids];
    return encodeSegment(id === undefined ? param : String(id));
  });
}

let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/** An id of the right form that names no record, so that probing a route changes nothing. */
const NO_SUCH_ID = '2147483647';

/**
 * What a route needs, found by asking it: whether only an admin may call it, and the fields it
 * names when sent an empty JSON object or an empty form.
 */
async function probe(route: string): Promise<{ asAdmin: boolean; fields: string[] }> {
  const [method = 'POST', pattern = ''] = route.split(' ');
  const url = pattern.replace(/:[A-Za-z_]+/g, NO_SUCH_ID);
  const send = (token: string, contentType: string, payload: string) =>
    app.inject({
      method: method as 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
      remoteAddress: nextAddress(),
    });
  const user = await createUser(app, { email: `probe-${route.replace(/\W+/g, '-')}@fuzz.test` });
  const first = await send(user.token, 'application/json', '{}');
  const asAdmin = first.statusCode === 403 && first.json().message === contract.AUTH_MESSAGES.adminOnly;
  const token = asAdmin ? admin.token : user.token;
  const answers = [
    asAdmin ? await send(token, 'application/json', '{}') : first,
    await send(token, `multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}--\r\n`),
  ];
  const fields = new Set<string>();
  for (const answer of answers) {
    const errors = (answer.json() as { errors?: Record<string, string[]> }).errors ?? {};
    for (const field of Object.keys(errors)) if (field !== '_') fields.add(field);
  }
  return { asAdmin, fields: [...fields].sort() };
}

function describeRequest(method: string, url: string, contentType: string | undefined, payload: unknown): string {
  const shown = Buffer.isBuffer(payload) ? payload.toString('latin1') : String(payload);
  return `${method} ${url} [${contentType ?? 'no content type'}] ${JSON.stringify(shown.slice(0, 300))}`;
}

/** A failure report without the 20,000-character strings that provoked it. */
const shorten = (text: string) =>
  text.replace(/(.)\1{40,}/gs, (run, char) => `${char}…(×${run.length})`).slice(0, 6000);

function checkAnswer(res: LightMyRequestResponse, request: string) {
  expect(res.statusCode, `5xx for ${request}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const envelope = ErrorEnvelope.safeParse(res.json());
    expect(envelope.success, `not an error envelope for ${request}: ${res.body.slice(0, 300)}`).toBe(true);
    expect(envelope.data?.message.length, `empty message for ${request}`).toBeGreaterThan(0);
  }
}

describe('fuzzing every route that changes something', () => {
  it('finds the routes in the app itself', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/register',
        'POST /api/update/profile',
        'POST /api/property',
        'DELETE /api/property/:id',
        'POST /api/payment/qr/manual',
        'PATCH /api/admin/packages/:id',
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it.each(routes.map((route, i) => [route, i] as const))(
    '%s: no 5xx, always the envelope, nothing stored when refused',
    async (route, index) => {
      const [method = 'POST', pattern = '/'] = route.split(' ');
      const { asAdmin, fields } = await probe(route);
      const owner = await createUser(app, { email: `owner${index}@fuzz.test` });
      const listing = await makeListing(app, owner.id);
      const payment = await makePendingQrPayment(app, owner.id, `TX-FUZZ-${index}`);
      const seed = SEED + index;
      let run = 0;
      const property = fc.asyncProperty(
        bodyPlanFor(fields),
        envelopePlan,
        fc.array(paramPlan, { minLength: 1, maxLength: 2 }),
        async (plan, envelope, params) => {
          run += 1;
          // A fresh signed-in user with an active package each time: an earlier run may have
          // changed the password (ending the session) or been disabled by an admin route.
          const email = `user${index}-${run}@fuzz.test`;
          const user = await createUser(app, { email });
          await activateSubscription(app, user.id);
          const ids: Ids = {
            user: user.id,
            listing: listing.id,
            payment: payment.id,
            package: packageId,
            admin: admin.id,
          };
          const url = fillPath(pattern, params, ids);
          const body = makeBody(plan, ids, email);
          const headers: Record<string, string> = { authorization: `Bearer ${asAdmin ? admin.token : user.token}` };
          let payload: string | Buffer | undefined;
          if (envelope.kind === 'json') {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify(body) ?? 'null';
          } else if (envelope.kind === 'multipart') {
            const fields =
              typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : { value: body };
            const form = multipartBody(fields, envelope);
            headers['content-type'] = form.contentType;
            payload = form.payload;
          } else {
            if (envelope.contentType) headers['content-type'] = envelope.contentType;
            payload = envelope.text;
          }
          const request = describeRequest(method, url, headers['content-type'], payload);

          const countsBefore = await tableCounts(app);
          const filesBefore = storedFiles(app.dataDir);
          const res = await app.inject({
            method: method as 'POST',
            url,
            headers,
            payload,
            remoteAddress: nextAddress(),
          });
          checkAnswer(res, request);
          if (res.statusCode >= 400) {
            const allowed = WRITES_ON_REFUSAL[route];
            const countsAfter = await tableCounts(app);
            if (allowed?.status === res.statusCode) for (const table of allowed.tables) delete countsAfter[table];
            const expected = Object.fromEntries(Object.keys(countsAfter).map((t) => [t, countsBefore[t]]));
            const changed = Object.keys(countsAfter).filter((t) => countsAfter[t] !== countsBefore[t]);
            expect(
              countsAfter,
              `rows written in ${changed.join(', ')} by a refused request (${res.statusCode}): ${request}`,
            ).toEqual(expected);
            expect(storedFiles(app.dataDir), `files kept by a refused request: ${request}`).toEqual(filesBefore);
          }
        },
      );
      try {
        // State changes between runs (that is the point), so a shrunk case would not replay:
        // report the first failure as it happened, with the seed that reproduces the whole sequence.
        await fc.assert(property, { seed, numRuns: RUNS, endOnFailure: true, includeErrorInReport: true });
      } catch (err) {
        throw new Error(`${route} failed with FUZZ_SEED=${SEED} (seed ${seed}, run ${run}):\n${shorten(String(err))}`);
      }
    },
  );
});
