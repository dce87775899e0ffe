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
export async function signUpVerified(app: RunningApp, email: string, name = 'Nok Sripan'): Promise<string> {
  const reg = await api(app, 'POST', '/api/register', {
    name,
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
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
