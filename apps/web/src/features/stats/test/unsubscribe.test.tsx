import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/http';
import { renderApp } from '../../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });

const TOKEN = 'Abc_def-0123456789xyzXYZ';

const unsubscribe = (answer: () => Response) => (request: Request, url: URL) =>
  request.method === 'POST' && url.pathname === '/api/reports/unsubscribe' ? answer() : undefined;

describe('weekly report unsubscribe page', () => {
  it('changes nothing on opening; the button posts the link’s u and t, then confirms', async () => {
    const { posts } = stubFetch(
      unsubscribe(() => jsonResponse(200, { success: true, message: 'Unsubscribed.', payload: null })),
    );
    await renderApp(`/unsubscribe?u=42&t=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Weekly report e-mails' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(posts()).toEqual([]);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You are unsubscribed. You will no longer receive the weekly report.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    const [post] = posts();
    const url = new URL(post?.url ?? '');
    expect(url.pathname).toBe('/api/reports/unsubscribe');
    expect(url.searchParams.get('u')).toBe('42');
    expect(url.searchParams.get('t')).toBe(TOKEN);
    expect(posts()).toHaveLength(1);
  });

  it('shows the API’s refusal of a forged link in the page’s language', async () => {
    stubFetch(unsubscribe(() => jsonResponse(400, { success: false, message: 'The unsubscribe link is not valid.' })));
    await renderApp(`/th/unsubscribe?u=42&t=${TOKEN}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'ยกเลิกการรับอีเมล' }, { timeout: 15_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ลิงก์ยกเลิกการรับอีเมลนี้ไม่ถูกต้อง โปรดใช้ลิงก์ในอีเมลรายงานประจำสัปดาห์ฉบับล่าสุดของคุณ',
    );
  });

  it('says a link without its token is not valid, with nothing to press', async () => {
    const { posts } = stubFetch();
    await renderApp('/unsubscribe?u=42');
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'This unsubscribe link is not valid.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('keeps the button for another try when the server fails', async () => {
    let calls = 0;
    stubFetch(
      unsubscribe(() =>
        ++calls === 1
          ? jsonResponse(503, { success: false, message: 'Service unavailable.' })
          : jsonResponse(200, { success: true, payload: null }),
      ),
    );
    await renderApp(`/unsubscribe?u=42&t=${TOKEN}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }, { timeout: 15_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You are unsubscribed.');
  });
});
