import { CONTACT_LIMITS, ContactMessageResponse, ErrorEnvelope, CONTACT_MESSAGES as M } from '@baan/contract';
import { desc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox } from '../src/db/schema.ts';
import { build } from './helpers.ts';
import { startSmtpReceiver } from './support/smtp-receiver.ts';
import {
  expectFieldRejected,
  expectLimitedAfter,
  mailsReceived,
  nextIp,
  rawHeader,
  rowCount,
  send,
  visitorEmail,
} from './support/visitors.ts';

const smtp = await startSmtpReceiver();
afterAll(() => smtp.close());
const SUPPORT = 'help@baan.test';
const app = await build({ smtpUrl: smtp.url, mailFrom: 'Baan <hello@baan.test>', supportEmail: SUPPORT });

const count = () => rowCount(app, contactMessages);
const mailCount = () => mailsReceived(app, smtp);

const valid = () => ({
  name: 'Somchai Jaidee',
  email: visitorEmail(),
  subject: 'Viewing a condo',
  message: 'Hello,\nI would like to view the condo next week.',
});

describe('POST /api/contact-us', () => {
  it('stores the message and mails it to the support address over real SMTP, with Reply-To the sender', async () => {
    const input = {
      name: 'Nok <b>Bold</b>',
      email: ' Nok.Visitor@Example.COM ',
      subject: 'Question about <script>alert(1)</script>',
      message: 'Is the <i>pool</i> shared? "Yes" & \'no\'\nSecond line.',
    };
    const res = await send(app, '/api/contact-us', input, { headers: { 'accept-language': 'th' } });
    expect(res.statusCode).toBe(201);
    const parsed = ContactMessageResponse.parse(res.json());
    expect(parsed.message).toBe(M.contactSent);
    expect(parsed.payload).toMatchObject({
      name: 'Nok <b>Bold</b>',
      email: 'nok.visitor@example.com',
      subject: input.subject,
      message: input.message,
      language: 'th',
    });

    const [row] = await app.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    expect(row).toMatchObject({
      id: parsed.payload.id,
      name: 'Nok <b>Bold</b>',
      email: 'nok.visitor@example.com',
      subject: input.subject,
      message: input.message,
      language: 'th',
    });
    expect(row?.createdAt.toISOString()).toBe(parsed.payload.created_at);

    const mail = await smtp.waitFor((m) => m.subject.includes('Question about'));
    expect(mail.to).toEqual([SUPPORT]);
    expect(mail.from).toBe('Baan <hello@baan.test>');
    expect(mail.subject).toBe('[Baan contact] Question about <script>alert(1)</script>');
    expect(rawHeader(mail.raw, 'reply-to')).toContain('nok.visitor@example.com');
    expect(mail.text).toContain('Name: Nok <b>Bold</b>');
    expect(mail.text).toContain('E-mail: nok.visitor@example.com');
    expect(mail.text.replace(/\r\n/g, '\n')).toContain(input.message);
    // Everything the visitor typed is escaped in the HTML part.
    expect(mail.html).toContain('Nok &lt;b&gt;Bold&lt;/b&gt;');
    expect(mail.html).toContain('Question about &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Is the &lt;i&gt;pool&lt;/i&gt; shared? &quot;Yes&quot; &amp; &#39;no&#39;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Bold');
    expect(mail.html).not.toContain('<i>pool');
    // SMTP is configured: nothing goes to the development outbox.
    expect(await app.db.select().from(mailOutbox)).toEqual([]);
  });

  it('keeps a subject on one header line even when the visitor sends line breaks', async () => {
    const res = await send(app, '/api/contact-us', { ...valid(), subject: 'Line one\r\nBcc: victim@example.com' });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor((m) => m.subject.startsWith('[Baan contact] Line one'));
    expect(mail.subject).toBe('[Baan contact] Line one Bcc: victim@example.com');
    expect(mail.to).toEqual([SUPPORT]);
    expect(rawHeader(mail.raw, 'bcc')).toBeUndefined();
  });

  const long = (n: number) => 'x'.repeat(n + 1);
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['name missing', { name: undefined }, 'name', M.nameRequired],
    ['name blank', { name: '   ' }, 'name', M.nameRequired],
    ['name not text', { name: 42 }, 'name', M.nameRequired],
    ['name too long', { name: long(CONTACT_LIMITS.name) }, 'name', M.nameTooLong],
    ['email missing', { email: undefined }, 'email', M.emailRequired],
    ['email blank', { email: '' }, 'email', M.emailRequired],
    ['email without @', { email: 'nok.example.com' }, 'email', M.emailInvalid],
    ['email without a domain suffix', { email: 'nok@example' }, 'email', M.emailInvalid],
    ['email with a space', { email: 'nok @example.com' }, 'email', M.emailInvalid],
    ['email too long', { email: `${'a'.repeat(CONTACT_LIMITS.email)}@example.com` }, 'email', M.emailTooLong],
    ['subject missing', { subject: undefined }, 'subject', M.subjectRequired],
    ['subject blank', { subject: ' ' }, 'subject', M.subjectRequired],
    ['subject too long', { subject: long(CONTACT_LIMITS.subject) }, 'subject', M.subjectTooLong],
    ['message missing', { message: undefined }, 'message', M.messageRequired],
    ['message blank', { message: '\n ' }, 'message', M.messageRequired],
    ['message too long', { message: long(CONTACT_LIMITS.message) }, 'message', M.messageTooLong],
  ];

  it.each(cases)(
    '%s: 400 with the field message, nothing stored and nothing mailed',
    async (_, change, field, message) => {
      await expectFieldRejected(() => send(app, '/api/contact-us', { ...valid(), ...change }), field, message, [
        count,
        mailCount,
      ]);
    },
  );

  it('reports every missing field at once for an empty body', async () => {
    const rowsBefore = await count();
    const res = await send(app, '/api/contact-us', {});
    expect(res.statusCode).toBe(400);
    const parsed = ErrorEnvelope.parse(res.json());
    expect(parsed.message).toBe(M.nameRequired);
    expect(parsed.errors).toEqual({
      name: [M.nameRequired],
      email: [M.emailRequired],
      subject: [M.subjectRequired],
      message: [M.messageRequired],
    });
    expect(await count()).toBe(rowsBefore);
  });

  it('accepts a message at exactly the length limits', async () => {
    const res = await send(app, '/api/contact-us', {
      ...valid(),
      name: 'n'.repeat(CONTACT_LIMITS.name),
      subject: 's'.repeat(CONTACT_LIMITS.subject),
      message: 'm'.repeat(CONTACT_LIMITS.message),
    });
    expect(res.statusCode).toBe(201);
  });

  it('answers 429 with Retry-After after 5 messages from one address, storing and mailing nothing more', async () => {
    const ip = nextIp();
    await expectLimitedAfter(5, () => send(app, '/api/contact-us', valid(), { ip }), [count, mailCount]);
    // Another address is not affected.
    expect((await send(app, '/api/contact-us', valid())).statusCode).toBe(201);
  });

  it('does not count form errors against the limit: a person who mistypes is not locked out', async () => {
    const ip = nextIp();
    for (let i = 0; i < 8; i++) {
      expect((await send(app, '/api/contact-us', { ...valid(), email: 'typo@' }, { ip })).statusCode).toBe(400);
    }
    for (let i = 0; i < 5; i++) expect((await send(app, '/api/contact-us', valid(), { ip })).statusCode).toBe(201);
    expect((await send(app, '/api/contact-us', valid(), { ip })).statusCode).toBe(429);
  });

  it('counts one e-mail address per network: 429 after 5 from one network, never for another network (ADR 059)', async () => {
    const email = visitorEmail('repeat');
    const ip = nextIp();
    await expectLimitedAfter(
      5,
      () => send(app, '/api/contact-us', { ...valid(), email }, { ip }),
      [count, mailCount],
      // The same address in other letters is the same sender.
      () => send(app, '/api/contact-us', { ...valid(), email: email.toUpperCase() }, { ip }),
    );
    // Anyone may type anyone's address: what one network sent never refuses the address's owner elsewhere.
    const [rows, mails] = [await count(), await mailCount()] as const;
    expect((await send(app, '/api/contact-us', { ...valid(), email })).statusCode).toBe(201);
    expect([await count(), await mailCount()]).toEqual([rows + 1, mails + 1]);
  });
});

describe('POST /api/contact-us when the mail server is down', async () => {
  // Nothing listens on port 1: the SMTP connection is refused.
  const down = await build({ smtpUrl: 'smtp://127.0.0.1:1', supportEmail: SUPPORT });

  it('still answers 201 and keeps the message for the admin inbox', async () => {
    const res = await send(down, '/api/contact-us', { ...valid(), subject: 'Kept while SMTP is down' });
    expect(res.statusCode).toBe(201);
    await down.mailer.drain();
    const rows = await down.db.select().from(contactMessages);
    expect(rows.map((r) => r.subject)).toEqual(['Kept while SMTP is down']);
  });
});

describe('POST /api/contact-us without SMTP (development outbox)', async () => {
  const dev = await build({ supportEmail: SUPPORT });

  it('puts the mail in the outbox, addressed to the support address', async () => {
    const body = { ...valid(), name: 'สมชาย ใจดี', subject: 'Outbox <check>' };
    const res = await send(dev, '/api/contact-us', body);
    expect(res.statusCode).toBe(201);
    await dev.mailer.drain();
    const [mail] = await dev.db.select().from(mailOutbox);
    // The outbox keeps Reply-To too, so a local run shows where support's answer would go.
    expect(mail).toMatchObject({
      to: SUPPORT,
      subject: '[Baan contact] Outbox <check>',
      replyTo: `สมชาย ใจดี <${body.email}>`,
    });
    expect(mail?.html).toContain('Outbox &lt;check&gt;');
  });
});
