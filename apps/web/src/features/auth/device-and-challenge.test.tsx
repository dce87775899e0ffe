import { createHash } from 'node:crypto';
import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  CHALLENGE_HEADERS,
  DEVICE_TOKEN_HEADER,
  leadingZeroBits,
} from '@baan/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render-app';
import { makeUser } from '../../test/users';

// ADR 019: a burst from this network is answered with a proof-of-work challenge, which the API client solves and
// sends once more; a login hands this browser a device token, which later logins of that account send.

const CHALLENGE = 'eyJiIjo4LCJlIjoxLCJyIjoieCJ9.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const BITS = 8;
const DEVICE = 'D'.repeat(43);

const challenged = () =>
  new Response(
    JSON.stringify({
      success: false,
      message: AUTH_MESSAGES.challengeRequired,
      code: AUTH_ERROR_CODES.challengeRequired,
    }),
    {
      status: 429,
      headers: {
        'Content-Type': 'application/json',
        [CHALLENGE_HEADERS.challenge]: CHALLENGE,
        [CHALLENGE_HEADERS.bits]: String(BITS),
      },
    },
  );

const loggedIn = (device: string) => {
  const res = jsonResponse(200, { success: true, payload: { user: makeUser(), token: 'jwt-1' } });
  res.headers.set(DEVICE_TOKEN_HEADER, device);
  return res;
};

/** Whether the solution the client sent solves the challenge, checked as the API checks it. */
function solves(solution: string | null): boolean {
  if (!solution?.startsWith(`${CHALLENGE}:`)) return false;
  const nonce = solution.slice(CHALLENGE.length + 1);
  return (
    /^\d{1,20}$/.test(nonce) &&
    leadingZeroBits(
      createHash('sha256')
        .update(CHALLENGE + nonce)
        .digest(),
    ) >= BITS
  );
}

const ENGLISH = { path: '/login', email: 'E-mail', password: 'Password', button: 'Log In' };
const THAI = { path: '/th/login', email: 'อีเมล', password: 'รหัสผ่าน', button: 'เข้าสู่ระบบ' };

async function logIn(email = 'somchai@example.com', screenIn = ENGLISH) {
  const user = userEvent.setup();
  const rendered = await renderApp(screenIn.path);
  await user.type(await screen.findByLabelText(screenIn.email), email);
  await user.type(screen.getByLabelText(screenIn.password), 'Secret#Pass1');
  await user.click(screen.getByRole('button', { name: screenIn.button }));
  return rendered;
}

const readsNothing = (request: Request) =>
  request.method === 'GET' ? jsonResponse(200, { success: true, payload: [] }) : undefined;

describe('a challenged call', () => {
  it('is solved in the page ("Checking your connection…") and sent once more with the solution', async () => {
    const logins: Request[] = [];
    const { posts } = stubFetch((request, url) => {
      if (url.pathname !== '/api/login') return undefined;
      logins.push(request);
      return logins.length === 1 ? challenged() : loggedIn(DEVICE);
    }, readsNothing);
    // Hold the first hash until the status has been seen.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { subtle } = globalThis.crypto;
    const digest = subtle.digest.bind(subtle);
    vi.spyOn(subtle, 'digest').mockImplementation(async (...args: Parameters<SubtleCrypto['digest']>) => {
      await gate;
      return digest(...args);
    });
    const { router } = await logIn();
    expect(await screen.findByText('Checking your connection…')).toBeInTheDocument();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-package'));
    expect(screen.queryByText('Checking your connection…')).not.toBeInTheDocument();
    expect(logins).toHaveLength(2);
    expect(logins[0]?.headers.get(CHALLENGE_HEADERS.solution)).toBeNull();
    expect(solves(logins[1]?.headers.get(CHALLENGE_HEADERS.solution) ?? null)).toBe(true);
    // The retry is the same call: the same body.
    expect(await logins[1]?.clone().json()).toEqual({
      email: 'somchai@example.com',
      password: 'Secret#Pass1',
      remember: false,
    });
    expect(posts()).toHaveLength(2);
  });

  it('is retried once only: a second refusal is shown in the person’s language', async () => {
    const logins: Request[] = [];
    stubFetch((request, url) => {
      if (url.pathname !== '/api/login') return undefined;
      logins.push(request);
      return logins.length === 1
        ? challenged()
        : jsonResponse(400, {
            success: false,
            message: AUTH_MESSAGES.challengeInvalid,
            code: AUTH_ERROR_CODES.challengeInvalid,
          });
    }, readsNothing);
    const { router } = await logIn('somchai@example.com', THAI);
    expect(
      await screen.findByText('การตรวจสอบการเชื่อมต่อไม่ผ่าน อาจหมดเวลาแล้ว ถูกใช้ไปแล้ว หรือไม่ได้ออกให้เครือข่ายนี้ โปรดลองอีกครั้ง'),
    ).toBeInTheDocument();
    expect(logins).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/th/login');
  });
});

describe('the device token', () => {
  it('is kept from a login and sent with the next login of that account only', async () => {
    const logins: Request[] = [];
    stubFetch((request, url) => {
      if (url.pathname !== '/api/login') return undefined;
      logins.push(request);
      return loggedIn(DEVICE);
    }, readsNothing);
    const first = await logIn('Somchai@Example.com');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/select-package'));
    expect(logins[0]?.headers.get(DEVICE_TOKEN_HEADER)).toBeNull();
    first.unmount();
    sessionStorage.clear();
    const again = await logIn('somchai@example.com');
    await waitFor(() => expect(logins).toHaveLength(2));
    expect(logins[1]?.headers.get(DEVICE_TOKEN_HEADER)).toBe(DEVICE);
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/select-package'));
    again.unmount();
    sessionStorage.clear();
    await logIn('someone.else@example.com');
    await waitFor(() => expect(logins).toHaveLength(3));
    expect(logins[2]?.headers.get(DEVICE_TOKEN_HEADER)).toBeNull();
  });
});
