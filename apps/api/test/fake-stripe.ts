import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Stripe's HTTP API on 127.0.0.1. Stripe lives on the internet, which tests must
 * not reach, so this is the one mocked part: the real `stripe` SDK talks HTTP to it. It answers
 * POST /v1/payment_intents like Stripe does for its test payment methods.
 */
export type FakeStripe = {
  url: string;
  requests: { path: string; form: URLSearchParams; idempotencyKey: string | undefined; auth: string | undefined }[];
  close(): Promise<void>;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

let counter = 0;

function intent(form: URLSearchParams, status: string, extra: Record<string, unknown> = {}) {
  counter += 1;
  const id = `pi_fake_${counter}`;
  return {
    id,
    object: 'payment_intent',
    amount: Number(form.get('amount')),
    currency: form.get('currency'),
    status,
    client_secret: `${id}_secret_x`,
    metadata: { payment_id: form.get('metadata[payment_id]'), user_id: form.get('metadata[user_id]') },
    latest_charge: {
      id: `ch_fake_${counter}`,
      object: 'charge',
      payment_method_details: { type: 'card', card: { last4: '4242', brand: 'visa' } },
    },
    last_payment_error: null,
    ...extra,
  };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const server = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    const path = (req.url ?? '').split('?')[0] ?? '';
    requests.push({
      path,
      form,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      auth: req.headers.authorization,
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${counter}` });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || path !== '/v1/payment_intents') {
      return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } });
    }
    const method = form.get('payment_method');
    if (method === 'pm_card_chargeDeclined') {
      const declined = intent(form, 'requires_payment_method');
      return send(402, {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
          payment_intent: declined,
        },
      });
    }
    if (method === 'pm_card_threeDSecure2Required') return send(200, intent(form, 'requires_action'));
    return send(200, intent(form, 'succeeded'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
