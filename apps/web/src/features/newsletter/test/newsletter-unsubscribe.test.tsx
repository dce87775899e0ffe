import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { serverHtml } from './server-html';

vi.setConfig({ testTimeout: 30_000 });

const TOKEN = '42.Abc_def-0123456789xyzXYZ0123456789abcdefghi';
const PATH = '/api/newsletter/unsubscribe';
const LINK_PATH = '/api/newsletter/unsubscribe-link';

const answer = (path: string, respond: () => Response) => (request: Request, url: URL) =>
  request.method === 'POST' && url.pathname === path ? respond() : undefined;
const calls = (requests: Request[], path = PATH) => requests.filter((r) => new URL(r.url).pathname === path);

describe('/newsletter/unsubscribe', () => {
  it('renders on the server in English and Thai with the button and "lost the link?", and unsubscribes nobody', async () => {
    const { requests } = stubFetch(
      answer(PATH, () => jsonResponse(200, { success: true, payload: { result: 'unsubscribed' } })),
    );
    const en = await serverHtml(`/newsletter/unsubscribe?token=${TOKEN}`);
    expect(en.querySelector('h1')?.textContent).toBe('Unsubscribe from the newsletter');
    expect(
      [...en.querySelectorAll('section[aria-labelledby="newsletter-unsubscribe-title"] button')].map(
        (b) => b.textContent,
      ),
    ).toEqual(['Unsubscribe', 'Send me a link']);
    expect(en.querySelector('h2')?.textContent).toBe('Lost the link?');
    const th = await serverHtml(`/th/newsletter/unsubscribe?token=${TOKEN}`);
    expect(th.querySelector('h1')?.textContent).toBe('ยกเลิกการรับจดหมายข่าว');
    expect(
      [...th.querySelectorAll('section[aria-labelledby="newsletter-unsubscribe-title"] button')].map(
        (b) => b.textContent,
      ),
    ).toEqual(['ยกเลิกการรับจดหมายข่าว', 'ส่งลิงก์ให้ฉัน']);
    expect(th.querySelector('h2')?.textContent).toBe('ไม่พบลิงก์?');
    expect(calls(requests)).toEqual([]);
  });

  it('posts the token only when the button is pressed, then says it is done; not indexed', async () => {
    const { requests } = stubFetch(
      answer(PATH, () => jsonResponse(200, { success: true, payload: { result: 'unsubscribed' } })),
    );
    await renderApp(`/newsletter/unsubscribe?token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Unsubscribe' }, { timeout: 15_000 });
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(calls(requests)).toEqual([]);
    await userEvent.setup({ delay: null }).click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You are unsubscribed.The Baan newsletter will no longer come to you.',
    );
    const [call, ...more] = calls(requests);
    expect(more).toEqual([]);
    expect(await call?.json()).toEqual({ token: TOKEN });
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Unsubscribe', 'You are not subscribed to the newsletter (any more).'],
    ['th', 'ยกเลิกการรับจดหมายข่าว', 'คุณไม่ได้รับจดหมายข่าวอยู่แล้ว'],
  ])('a second click says it is done already (%s), not an error', async (lang, name, text) => {
    stubFetch(answer(PATH, () => jsonResponse(200, { success: true, payload: { result: 'not_subscribed' } })));
    await renderApp(`${lang === 'en' ? '' : `/${lang}`}/newsletter/unsubscribe?token=${TOKEN}`);
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name }, { timeout: 15_000 }));
    expect(await screen.findByRole('status')).toHaveTextContent(text);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a refused (400) link is not valid in Thai', async () => {
    stubFetch(answer(PATH, () => jsonResponse(400, { success: false, message: 'x' })));
    await renderApp(`/th/newsletter/unsubscribe?token=${TOKEN}`);
    const name = 'ยกเลิกการรับจดหมายข่าว';
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name }, { timeout: 15_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ลิงก์ยกเลิกนี้ไม่ถูกต้อง');
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('asks nothing for a damaged token, and offers a new link', async () => {
    const { requests } = stubFetch();
    await renderApp(`/newsletter/unsubscribe?token=${TOKEN.slice(0, 20)}`);
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'This unsubscribe link is not valid.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me a link' })).toBeInTheDocument();
    expect(calls(requests)).toEqual([]);
  });

  it('"lost the link?" checks the address, then says the same thing whatever the server knows', async () => {
    const { requests } = stubFetch(
      answer(LINK_PATH, () => jsonResponse(200, { success: true, payload: { email: 'me@example.com' } })),
    );
    await renderApp('/newsletter/unsubscribe');
    const user = userEvent.setup({ delay: null });
    const form = within(await screen.findByRole('form', { name: 'Lost the link?' }, { timeout: 15_000 }));
    const input = form.getByLabelText('Your e-mail address');
    await user.type(input, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Please enter a valid e-mail address.');
    expect(calls(requests, LINK_PATH)).toEqual([]);
    await user.clear(input);
    await user.type(input, ' me@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If me@example.com is subscribed to the newsletter, a link to unsubscribe is on its way.',
    );
    const [call] = calls(requests, LINK_PATH);
    expect(await call?.json()).toEqual({ email: 'me@example.com' });
  });

  it('"lost the link?" says when there were too many requests', async () => {
    stubFetch(answer(LINK_PATH, () => jsonResponse(429, { success: false, message: 'Too many attempts.' })));
    await renderApp('/th/newsletter/unsubscribe');
    const user = userEvent.setup({ delay: null });
    const form = within(await screen.findByRole('form', { name: 'ไม่พบลิงก์?' }, { timeout: 15_000 }));
    await user.type(form.getByLabelText('อีเมลของคุณ'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'ส่งลิงก์ให้ฉัน' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContain(
      'ส่งคำขอมากเกินไป โปรดลองใหม่ภายหลัง',
    );
  });
});
