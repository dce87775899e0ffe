import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../src/db/schema.ts';

/**
 * The two phone calls of ADR 036 from a given network, and the code of the newest SMS to a number in the demo outbox
 * (the local fake of the SMS provider) once the SMS job ran.
 */
export function phoneCalls(app: FastifyInstance, defaultNetwork: () => string) {
  const send = (token: string, phone_number: string, from = defaultNetwork()) =>
    app.inject({
      method: 'POST',
      url: '/api/user/phone/send-code',
      headers: { authorization: `Bearer ${token}` },
      payload: { phone_number },
      remoteAddress: from,
    });
  const verify = (token: string, code: string, from = defaultNetwork()) =>
    app.inject({
      method: 'POST',
      url: '/api/user/phone/verify',
      headers: { authorization: `Bearer ${token}` },
      payload: { code },
      remoteAddress: from,
    });
  const smsTo = async (e164: string) => {
    await app.jobs.drain();
    return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, e164)).orderBy(desc(mailOutbox.id));
  };
  const sentCode = async (e164: string) => {
    const code = (await smsTo(e164))[0]?.text.match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error(`no SMS to ${e164} in the outbox`);
    return code;
  };
  return { send, verify, smsTo, sentCode };
}
