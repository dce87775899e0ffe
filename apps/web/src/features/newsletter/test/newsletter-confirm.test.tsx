import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { serverHtml } from './server-html';

vi.setConfig({ testTimeout: 30_000 });

const TOKEN = 'Abc_def-0123456789xyzXYZ0123456789abcdefghi';

const confirmCall = (answer: () => Response) => (request: Request, url: URL) =>
  request.method === 'POST' && url.pathname === '/api/newsletter/confirm' ? answer() : undefined;
const calls = (requests: Request[]) => requests.filter((r) => new URL(r.url).pathname === '/api/newsletter/confirm');

describe('/newsletter/confirm', () => {
  it('renders on the server in English and Thai with the button, and confirms nothing (mail scanners fetch links)', async () => {
    const { requests } = stubFetch(
      confirmCall(() => jsonResponse(200, { success: true, payload: { email: 'a@b.co' } })),
    );
    const en = await serverHtml(`/newsletter/confirm?token=${TOKEN}`);
    expect(en.querySelector('h1')?.textContent).toBe('Confirm your newsletter subscription');
    expect([...en.querySelectorAll('button')].map((b) => b.textContent)).toContain('Confirm my subscription');
    const th = await serverHtml(`/th/newsletter/confirm?token=${TOKEN}`);
    expect(th.querySelector('h1')?.textContent).toBe('ยืนยันการรับจดหมายข่าว');
    expect([...th.querySelectorAll('button')].map((b) => b.textContent)).toContain('ยืนยันการรับจดหมายข่าว');
    expect(calls(requests)).toEqual([]);
  });

  it('posts the token only when the button is pressed, then confirms; not indexed', async () => {
    const { requests } = stubFetch(
      confirmCall(() => jsonResponse(200, { success: true, payload: { email: 'buyer@example.com' } })),
    );
    await renderApp(`/newsletter/confirm?token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Confirm my subscription' }, { timeout: 15_000 });
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(calls(requests)).toEqual([]);
    await userEvent.setup({ delay: null }).click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thank you! Your subscription is confirmed.The Baan newsletter will come to buyer@example.com.',
    );
    // It says how to leave (ADR 058).
    expect(screen.getByRole('status')).toHaveTextContent('You can unsubscribe at any time, without an account');
    const [call, ...more] = calls(requests);
    expect(more).toEqual([]);
    expect(call?.method).toBe('POST');
    expect(await call?.json()).toEqual({ token: TOKEN });
  });

  it.each([
    [404, 'th', 'ลิงก์ยืนยันนี้ไม่ถูกต้องหรือถูกใช้ไปแล้ว'],
    [410, 'th', 'ลิงก์ยืนยันนี้หมดอายุแล้ว'],
    [404, 'en', 'This confirmation link is not valid or was already used.'],
    [410, 'en', 'This confirmation link has expired.'],
    [400, 'en', 'This confirmation link is not complete.'],
  ])('shows a %i in the page’s language (%s)', async (status, lang, text) => {
    stubFetch(confirmCall(() => jsonResponse(status, { success: false, message: 'x' })));
    await renderApp(`${lang === 'en' ? '' : `/${lang}`}/newsletter/confirm?token=${TOKEN}`);
    const name = lang === 'th' ? 'ยืนยันการรับจดหมายข่าว' : 'Confirm my subscription';
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name }, { timeout: 15_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('asks nothing for a link without a whole token', async () => {
    const { requests } = stubFetch();
    await renderApp(`/newsletter/confirm?token=${TOKEN.slice(0, 20)}`);
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'This confirmation link is not complete.',
    );
    expect(screen.queryByRole('button', { name: 'Confirm my subscription' })).not.toBeInTheDocument();
    expect(calls(requests)).toEqual([]);
  });

  it('keeps the button for another try when the server fails', async () => {
    let count = 0;
    stubFetch(
      confirmCall(() =>
        ++count === 1
          ? jsonResponse(503, { success: false, message: 'Service unavailable.' })
          : jsonResponse(200, { success: true, payload: { email: 'buyer@example.com' } }),
      ),
    );
    await renderApp(`/newsletter/confirm?token=${TOKEN}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Confirm my subscription' }, { timeout: 15_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Confirm my subscription' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you! Your subscription is confirmed.');
  });
});
