import type { AdminJob, AdminJobPage } from '@baan/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';
import { auditEntry, get, job, jsonResponse, ok, page, stubFetch } from './fixtures';

vi.setConfig({ testTimeout: 30_000 });

const ADMIN = {
  login: signedIn({ id: 1, name: 'Ada Admin', email: 'admin@baan.example', role: 'admin' }, 'admin-token'),
};

beforeEach(() => {
  Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true, writable: true });
});

type Counts = AdminJobPage['counts'];

/** GET /api/admin/jobs: the jobs of the state asked for (dead when none), a page of them, and the counts. */
function jobsApi(byState: () => Partial<Record<AdminJob['state'], AdminJob[]>>, counts: () => Counts, total?: number) {
  return get('/api/admin/jobs', (url) => {
    const items = byState()[(url.searchParams.get('state') ?? 'dead') as AdminJob['state']] ?? [];
    return { ...page(items, total ?? items.length), page: Number(url.searchParams.get('page') ?? 1), counts: counts() };
  });
}

const jobRequests = (requests: Request[]) =>
  requests
    .filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/admin/jobs')
    .map((r) => new URL(r.url));

async function openJobs(path = '/admin/jobs', heading = 'Admin console') {
  const view = await renderApp(path, ADMIN);
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 });
  return view;
}

/** The counts as the page shows them: term → number. */
function shownCounts(name: string): Record<string, string | undefined> {
  const group = screen.getByRole('region', { name });
  return Object.fromEntries(
    within(group)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

const LONG_ERROR = `Error: Invalid login: 535-5.7.8 Username and Password not accepted. ${'Learn more at https://support.example.com/mail/?p=BadCredentials '.repeat(3)}end`;

describe('background jobs', () => {
  it('shows the counts and the failed jobs: kind in words, recipient and subject, attempts, error and times', async () => {
    const { requests } = stubFetch(
      jobsApi(
        () => ({
          dead: [
            job(7),
            job(8, {
              kind: 'photos.sweep',
              to: null,
              subject: null,
              attempts: 3,
              max_attempts: 3,
              last_error: LONG_ERROR,
            }),
            job(9, { kind: 'reports.build', to: null, subject: null, attempts: 1, max_attempts: 5 }),
          ],
        }),
        () => ({ queued: 2, running: 1, dead: 3 }),
      ),
    );
    const { router } = await openJobs();
    expect(
      screen.getByRole('navigation', { name: 'Console sections' }).querySelector('[aria-current="page"]'),
    ).toHaveTextContent('Jobs');
    expect(screen.getByRole('heading', { level: 2, name: 'Background jobs' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Failed jobs' });
    expect(shownCounts('Jobs right now')).toEqual({ Waiting: '2', Running: '1', Failed: '3' });

    const [mail, sweep, unknown] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(within(mail as HTMLElement).getByText('E-mail')).toBeInTheDocument();
    expect(mail).toHaveTextContent('#7');
    expect(mail).toHaveTextContent(/To\s*member7@example\.com/);
    expect(mail).toHaveTextContent(/Subject\s*Your Baan sign-up code/);
    expect(within(mail as HTMLElement).getByText('12 of 12 attempts')).toBeInTheDocument();
    expect(within(mail as HTMLElement).getByText('Error: connect ECONNREFUSED 127.0.0.1:9')).toBeInTheDocument();
    expect(mail).toHaveTextContent(/Created\s*Nov 20, 2026/);
    expect(mail).toHaveTextContent(/Gave up\s*Nov 20, 2026/);
    expect(within(mail as HTMLElement).getByRole('button', { name: 'Retry job #7 (E-mail)' })).toBeInTheDocument();

    expect(within(sweep as HTMLElement).getByText('Photo clean-up')).toBeInTheDocument();
    expect(sweep).not.toHaveTextContent('To');
    expect(within(sweep as HTMLElement).getByText('3 of 3 attempts')).toBeInTheDocument();
    expect(sweep).not.toHaveTextContent(/end$/);
    const more = within(sweep as HTMLElement).getByRole('button', { name: 'Show the whole error' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup({ delay: null }).click(more);
    expect(within(sweep as HTMLElement).getByText(LONG_ERROR)).toBeInTheDocument();
    expect(within(sweep as HTMLElement).getByRole('button', { name: 'Show less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    // A kind this console does not know yet is shown as the server names it.
    expect(within(unknown as HTMLElement).getByText('reports.build')).toBeInTheDocument();
    expect(
      within(unknown as HTMLElement).getByRole('button', { name: 'Retry job #9 (reports.build)' }),
    ).toBeInTheDocument();

    expect(jobRequests(requests).map((url) => url.search)).toEqual(['?state=dead&page=1']);
    expect(requests.find((r) => new URL(r.url).pathname === '/api/admin/jobs')?.headers.get('Authorization')).toBe(
      'Bearer admin-token',
    );
    expect(router.state.location.search).toBe('');
  });

  it('keeps the state in the address and asks for it; only failed and waiting jobs can be retried', async () => {
    const { requests } = stubFetch(
      jobsApi(
        () => ({
          dead: [job(1)],
          queued: [job(2, { state: 'queued', attempts: 4, last_error: null, finished_at: null })],
          running: [job(3, { state: 'running', attempts: 1, last_error: null, finished_at: null })],
        }),
        () => ({ queued: 1, running: 1, dead: 1 }),
      ),
    );
    const { router } = await openJobs();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('table', { name: 'Failed jobs' });
    const filter = screen.getByRole('group', { name: 'Job state' });
    expect(within(filter).getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(filter).getByRole('button', { name: 'Waiting' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=queued'));
    const waiting = await screen.findByRole('table', { name: 'Waiting jobs' });
    expect(within(filter).getByRole('button', { name: 'Waiting' })).toHaveAttribute('aria-pressed', 'true');
    const row = within(waiting).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent(/Next run\s*Nov 20, 2026/);
    expect(within(row).getByText('—')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Retry job #2 (E-mail)' })).toBeInTheDocument();

    await user.click(within(filter).getByRole('button', { name: 'Running' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=running'));
    const running = await screen.findByRole('table', { name: 'Running jobs' });
    expect(within(running).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(within(running).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();

    await user.click(within(filter).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('No finished jobs. Finished jobs are removed after 7 days.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?state=done');

    await user.click(within(filter).getByRole('button', { name: 'Failed' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('table', { name: 'Failed jobs' })).toBeInTheDocument();
    expect(jobRequests(requests).map((url) => url.searchParams.get('state'))).toEqual([
      'dead',
      'queued',
      'running',
      'done',
      // Back to a state already shown: asked again (jobs move on), its last rows on screen meanwhile.
      'dead',
    ]);
  });

  it('opens on the state and page in the address, and pages through them', async () => {
    const { requests, router } = await (async () => {
      const stub = stubFetch(
        jobsApi(
          () => ({ queued: [job(21, { state: 'queued', attempts: 0, last_error: null, finished_at: null })] }),
          () => ({ queued: 45, running: 0, dead: 0 }),
          45,
        ),
      );
      return { requests: stub.requests, ...(await openJobs('/admin/jobs?state=queued&page=2')) };
    })();
    await screen.findByRole('table', { name: 'Waiting jobs' });
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(pager).toHaveTextContent('Page 2 of 3');
    await userEvent.setup({ delay: null }).click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=queued&page=3'));
    await waitFor(() =>
      expect(jobRequests(requests).map((url) => url.search)).toEqual(['?state=queued&page=2', '?state=queued&page=3']),
    );
  });

  it('retries a failed job: POST, a toast, and the list and counts refreshed', async () => {
    let dead = [job(7), job(8)];
    let queued: AdminJob[] = [];
    const { requests } = stubFetch(
      jobsApi(
        () => ({ dead, queued }),
        () => ({ queued: queued.length, running: 0, dead: dead.length }),
      ),
      (request, url) => {
        if (request.method !== 'POST' || url.pathname !== '/api/admin/jobs/7/retry') return undefined;
        const again = job(7, { state: 'queued', attempts: 0, finished_at: null });
        dead = dead.filter((item) => item.id !== 7);
        queued = [again];
        return ok(again, 'The job is queued again and runs shortly.');
      },
    );
    await openJobs();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Retry job #7 (E-mail)' }));
    expect(await screen.findByText('Job #7 (E-mail) is queued again and runs shortly.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Retry job #7 (E-mail)' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Retry job #8 (E-mail)' })).toBeInTheDocument();
    expect(shownCounts('Jobs right now')).toEqual({ Waiting: '1', Running: '0', Failed: '1' });
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => new URL(r.url).pathname)).toEqual(['/api/admin/jobs/7/retry']);
    expect(posts[0]?.headers.get('Authorization')).toBe('Bearer admin-token');
    expect(jobRequests(requests)).toHaveLength(2);
  });

  it('shows why a job cannot be retried (409), translated, and shows the list as it is now', async () => {
    let isRunning = false;
    const { requests } = stubFetch(
      jobsApi(
        () => ({ dead: isRunning ? [] : [job(5)] }),
        () => ({ queued: 0, running: isRunning ? 1 : 0, dead: isRunning ? 0 : 1 }),
      ),
      (request, url) => {
        if (request.method !== 'POST' || url.pathname !== '/api/admin/jobs/5/retry') return undefined;
        isRunning = true;
        return jsonResponse(409, { success: false, message: 'Only a dead or waiting job can be retried.' });
      },
    );
    await openJobs();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Retry job #5 (E-mail)' }));
    expect(await screen.findByText('Only a failed or waiting job can be retried.')).toBeInTheDocument();
    expect(await screen.findByText('No failed jobs. Everything went through.')).toBeInTheDocument();
    expect(shownCounts('Jobs right now')).toEqual({ Waiting: '0', Running: '1', Failed: '0' });
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('shows an error with a way to try again when the list cannot be loaded', async () => {
    let isDown = true;
    stubFetch((request, url) => {
      if (request.method !== 'GET' || url.pathname !== '/api/admin/jobs') return undefined;
      return isDown
        ? jsonResponse(500, { success: false, message: 'Something went wrong on our side.' })
        : ok({ ...page([job(1)]), counts: { queued: 0, running: 0, dead: 1 } });
    });
    await openJobs();
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    isDown = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Failed jobs' })).toBeInTheDocument();
  });

  it.each([1280, 375])('names every control at %i px', async (width) => {
    Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
    stubFetch(
      jobsApi(
        () => ({ dead: [job(7), job(8, { kind: 'photos.sweep', to: null, subject: null, last_error: LONG_ERROR })] }),
        () => ({ queued: 0, running: 0, dead: 2 }),
        45,
      ),
    );
    await openJobs();
    await screen.findByRole('table', { name: 'Failed jobs' });
    const section = screen.getByRole('region', { name: 'Background jobs' });
    const controls = [
      ...within(section).getAllByRole('button'),
      ...within(section).queryAllByRole('link'),
      ...within(section).queryAllByRole('textbox'),
      ...within(section).queryAllByRole('combobox'),
    ];
    expect(controls.length).toBeGreaterThan(6);
    for (const control of controls) expect(control).toHaveAccessibleName();
    const names = within(section)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual([
      'Failed',
      'Waiting',
      'Running',
      'Done',
      'Retry job #7 (E-mail)',
      'Show the whole error',
      'Retry job #8 (Photo clean-up)',
      'Previous',
      'Page 1 of 3',
      'Page 2 of 3',
      'Page 3 of 3',
      'Next',
    ]);
    expect(within(section).getByRole('group', { name: 'Job state' })).toBeInTheDocument();
    expect(within(section).getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    expect(within(section).getByRole('table', { name: 'Failed jobs' })).toBeInTheDocument();
    for (const header of within(section).getAllByRole('columnheader')) expect(header).toHaveAccessibleName();
  });

  it('speaks Thai at /th/admin/jobs', async () => {
    stubFetch(
      jobsApi(
        () => ({ dead: [job(7)] }),
        () => ({ queued: 0, running: 0, dead: 1 }),
      ),
    );
    await openJobs('/th/admin/jobs', 'คอนโซลผู้ดูแลระบบ');
    const table = await screen.findByRole('table', { name: 'งานที่ล้มเหลว' });
    expect(within(table).getByText('อีเมล')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'ลองใหม่: งาน #7 (อีเมล)' })).toBeInTheDocument();
    expect(shownCounts('จำนวนงานขณะนี้')).toEqual({ รอดำเนินการ: '0', กำลังทำงาน: '0', ล้มเหลว: '1' });
    expect(screen.getByRole('link', { name: 'งานเบื้องหลัง' })).toHaveAttribute('href', '/th/admin/jobs');
  });

  it('names a job retry in the audit log', async () => {
    stubFetch(
      get(
        '/api/admin/audit',
        page([
          auditEntry(4, { action: 'job.retry', target_type: 'job', target_id: 7, details: { kind: 'mail.send' } }),
        ]),
      ),
    );
    await openJobs('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Retried a job');
    expect(row).toHaveTextContent('Job #7');
    expect(
      within(screen.getByRole('combobox', { name: 'Action' })).getByRole('option', { name: 'Retried a job' }),
    ).toBeInTheDocument();
  });
});
