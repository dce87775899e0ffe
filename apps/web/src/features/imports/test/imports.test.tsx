import type { ImportDetail, ImportSummary } from '@baan/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyCatalogue, jsonResponse, type Route } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => cleanup());

const summary = (overrides: Partial<ImportSummary> = {}): ImportSummary => ({
  id: 7,
  status: 'done',
  source: 'file',
  format: 'csv',
  mode: 'partial',
  schedule: 'once',
  url: null,
  file_name: 'agency.csv',
  counts: { created: 19, updated: 0, unchanged: 0, paused: 0, failed: 1 },
  progress: { done: 20, total: 20 },
  error: null,
  created_at: '2026-11-27T08:00:00.000Z',
  finished_at: '2026-11-27T08:00:05.000Z',
  next_run_at: null,
  ...overrides,
});

const detail = (overrides: Partial<ImportDetail> = {}): ImportDetail => ({
  ...summary(),
  items: [
    { row: 4, ref: 'AG-4', outcome: 'failed', errors: { price: ['price must be at least 1'] } },
    { row: 1, ref: 'AG-1', outcome: 'created', errors: {} },
  ],
  items_total: 20,
  ...overrides,
});

/** fetch stubbed without reading bodies (an upload is multipart); every request is kept. */
function stub(...routes: Route[]) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(input, window.location.origin), init);
      requests.push(request);
      const url = new URL(request.url);
      for (const route of [...routes, emptyCatalogue]) {
        const answer = await route(request, url);
        if (answer) return answer;
      }
      return jsonResponse(404, { success: false, message: 'Not found' });
    }),
  );
  return requests;
}

function importsApi(list: ImportSummary[], report: ImportDetail, post?: () => Response): Route {
  return (request, url) => {
    if (url.pathname === '/api/user/imports' && request.method === 'GET')
      return jsonResponse(200, { success: true, payload: list });
    if (url.pathname === '/api/user/imports' && request.method === 'POST')
      return post?.() ?? jsonResponse(202, { success: true, payload: { id: 8, status: 'queued' } });
    if (/^\/api\/user\/imports\/\d+$/.test(url.pathname) && request.method === 'GET')
      return jsonResponse(200, { success: true, payload: report });
    return undefined;
  };
}

describe('Bulk import screen', () => {
  it('lists the imports and shows the report with each refused row’s reason', async () => {
    stub(importsApi([summary()], detail()));
    await renderApp('/dashboard/imports', { login: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Bulk import', level: 1 }, { timeout: 15_000 })).toBeVisible();
    expect(await screen.findByText('19 created, 0 updated, 0 unchanged, 0 paused, 1 refused')).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Each row of the import and what became of it' });
    const refused = within(table).getByRole('row', { name: /AG-4/ });
    expect(within(refused).getByText('Refused')).toBeVisible();
    expect(within(refused).getByText(/price must be at least 1/)).toBeVisible();
    expect(screen.getByText('Showing 2 of 20 rows (refused rows first).')).toBeVisible();
  });

  it('shows a running import’s progress as a progress bar', async () => {
    const running = summary({ status: 'running', progress: { done: 12, total: 40 }, counts: { ...summary().counts } });
    stub(importsApi([running], detail({ ...running, items: [], items_total: 0 })));
    await renderApp('/dashboard/imports', { login: signedIn() });
    const bars = await screen.findAllByRole('progressbar', { name: 'Import progress' }, { timeout: 15_000 });
    expect(bars[0]).toHaveAttribute('aria-valuenow', '12');
    expect(bars[0]).toHaveAttribute('aria-valuemax', '40');
    expect(bars[0]).toHaveAttribute('aria-valuetext', '12 of 40 rows');
  });

  it('uploads the chosen file with the mode as multipart, and says the import started', async () => {
    const requests = stub(importsApi([], detail({ items: [], items_total: 0 })));
    await renderApp('/dashboard/imports', { login: signedIn() });
    const user = userEvent.setup({ delay: null });
    const form = (await screen.findByRole('heading', { name: 'Upload a file' }, { timeout: 15_000 })).closest('form');
    if (!form) throw new Error('no upload form');
    const file = new File(['external_ref,type\nA-1,sale\n'], 'agency.csv', { type: 'text/csv' });
    await user.upload(within(form).getByLabelText('CSV file or Kyero XML feed'), file);
    await user.click(within(form).getByRole('radio', { name: /Pause them/ }));
    await user.click(within(form).getByRole('button', { name: 'Import file' }));
    expect(await screen.findByText('Import started. Its progress shows below.')).toBeVisible();
    const post = requests.find((r) => r.method === 'POST');
    if (!post) throw new Error('nothing was posted');
    const sent = await post.formData();
    expect(sent.get('mode')).toBe('full');
    // jsdom's File crosses into Node's FormData without its name here; the bytes are what the API reads.
    expect(await (sent.get('file') as Blob).text()).toContain('A-1,sale');
  });

  it('refuses to send without a file, and shows the API’s refusal of an address', async () => {
    const requests = stub(
      importsApi([], detail(), () =>
        jsonResponse(400, {
          success: false,
          message: 'The address leads to a private or local network, which Baan does not fetch from.',
          errors: { url: ['The address leads to a private or local network, which Baan does not fetch from.'] },
        }),
      ),
    );
    await renderApp('/dashboard/imports', { login: signedIn() });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Import file' }, { timeout: 15_000 }));
    expect(await screen.findByText('Choose a CSV file or a Kyero XML feed.')).toBeVisible();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Feed address (http or https)'), 'http://10.0.0.1/feed.xml');
    await user.click(screen.getByRole('button', { name: 'Import feed' }));
    expect(
      await screen.findByText('The address leads to a private or local network, which Baan does not fetch from.'),
    ).toBeVisible();
    const post = requests.find((r) => r.method === 'POST');
    expect(await post?.json()).toEqual({
      url: 'http://10.0.0.1/feed.xml',
      format: 'kyero_v3',
      schedule: 'daily',
      mode: 'partial',
    });
  });

  it('speaks Thai at /th', async () => {
    stub(importsApi([summary()], detail()));
    await renderApp('/th/dashboard/imports', { login: signedIn() });
    expect(
      await screen.findByRole('heading', { name: 'นำเข้าหลายประกาศ', level: 1 }, { timeout: 15_000 }),
    ).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'ดาวน์โหลดแม่แบบ CSV' })).toBeVisible());
  });
});
