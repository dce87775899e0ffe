import { maskPhone } from '@baan/contract';

/** One text message to an E.164 number. */
export type Sms = { to: string; text: string; devNote?: Record<string, string> };

/** What sends SMS (ADR 036). `send` rejects when the provider did not take the message; the SMS job then retries. */
export type SmsProvider = {
  readonly kind: 'demo' | 'http';
  send: (sms: Sms) => Promise<void>;
};

/** Where and how the HTTP provider is reached (config.ts SMS_API_URL, SMS_API_TOKEN, SMS_SENDER). */
export type HttpSmsSettings = { url: string; token: string; timeoutMs: number; sender: string | undefined };

/** The most of a provider's answer read: its body is not trusted, only its status. */
export const SMS_ANSWER_MAX_BYTES = 16 * 1024;

/**
 * The HTTP provider: a JSON POST `{to, text, sender?}` with `Authorization: Bearer <token>` to the configured URL.
 * Its answer is hostile: it has `timeoutMs` in all (headers and body), at most SMS_ANSWER_MAX_BYTES of body are
 * read, and only a 2xx status counts as sent. Nothing of the message (code, full number) goes into an error.
 */
export function httpSmsProvider(config: HttpSmsSettings): SmsProvider {
  return {
    kind: 'http',
    async send(sms) {
      const signal = AbortSignal.timeout(config.timeoutMs);
      const to = maskPhone(sms.to);
      let res: Response;
      try {
        res = await fetch(config.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${config.token}` },
          body: JSON.stringify({ to: sms.to, text: sms.text, ...(config.sender ? { sender: config.sender } : {}) }),
          signal,
          redirect: 'error',
        });
      } catch (err) {
        throw new Error(`SMS provider unreachable for ${to}: ${err instanceof Error ? err.name : 'error'}`);
      }
      await readBounded(res, signal);
      if (res.status < 200 || res.status > 299)
        throw new Error(`SMS provider refused the message for ${to} (${res.status})`);
    },
  };
}

/** Reads at most SMS_ANSWER_MAX_BYTES of the body within the time limit; throws when it is longer or slower. */
async function readBounded(res: Response, signal: AbortSignal): Promise<void> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > SMS_ANSWER_MAX_BYTES) {
    await res.body?.cancel();
    throw new Error('SMS provider answer too large');
  }
  const reader = res.body?.getReader();
  if (!reader) return;
  let read = 0;
  try {
    for (;;) {
      if (signal.aborted) throw new Error('SMS provider answer too slow');
      const chunk = await reader.read();
      if (chunk.done) return;
      read += chunk.value.byteLength;
      if (read > SMS_ANSWER_MAX_BYTES) throw new Error('SMS provider answer too large');
    }
  } catch (err) {
    await reader.cancel().catch(() => {});
    if (err instanceof Error && err.message.startsWith('SMS provider')) throw err;
    throw new Error('SMS provider answer too slow');
  }
}
