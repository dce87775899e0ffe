import type { AdminPrivacyRequest } from '@baan/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyCatalogue } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { makeUser, signedIn } from '../../../test/users';
import {
  adminPackage,
  adminRequests,
  adminUser,
  auditEntry,
  contactMessage,
  get,
  jsonResponse,
  ok,
  page,
  payment,
  property,
  stubFetch,
} from './fixtures';

vi.setConfig({ testTimeout: 30_000 });

const ADMIN = {
  login: signedIn({ id: 1, name: 'Ada Admin', email: 'admin@baan.example', role: 'admin' }, 'admin-token'),
};

beforeEach(() => {
  Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true, writable: true });
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/fake');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
});

const receiptBytes = () =>
  new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'Content-Type': 'image/webp' } });

async function openAdmin(path: string) {
  const view = await renderApp(path, ADMIN);
  await screen.findByRole('heading', { level: 1, name: 'Admin console' }, { timeout: 15_000 });
  return view;
}

describe('admin console access', () => {
  it('shows a visitor the not-found screen and asks the API nothing', async () => {
    const { requests } = stubFetch();
    await renderApp('/admin/users');
    expect(
      await screen.findByRole('heading', { name: "We can't find that page" }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Admin console')).not.toBeInTheDocument();
    expect(adminRequests(requests)).toEqual([]);
  });

  it('shows a normal user the not-found screen, with no admin link in the menu', async () => {
    const { requests } = stubFetch();
    await renderApp('/admin', { login: signedIn() });
    expect(
      await screen.findByRole('heading', { name: "We can't find that page" }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /Somchai Jaidee/ }));
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin console' })).not.toBeInTheDocument();
    expect(adminRequests(requests)).toEqual([]);
  });

  it('shows a spinner while a stored admin session is checked, then the console (no flash of not-found)', async () => {
    let release: (response: Response) => void = () => {};
    // Resolved once the session check has really been asked for: under load the spinner can show before the
    // request is sent, and releasing a request not sent yet would leave it waiting forever.
    let asked: () => void = () => {};
    const requested = new Promise<void>((resolve) => {
      asked = resolve;
    });
    stubFetch(
      (request, url) =>
        request.method === 'GET' && url.pathname === '/api/user'
          ? new Promise<Response>((resolve) => {
              release = resolve;
              asked();
            })
          : undefined,
      get('/api/admin/payments', []),
    );
    localStorage.setItem('token', 'stored-token');
    await renderApp('/admin');
    expect(await screen.findByRole('status', {}, { timeout: 15_000 })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText("We can't find that page")).not.toBeInTheDocument();
    await requested;
    release(ok(makeUser({ role: 'admin', name: 'Ada Admin' })));
    // The console is a lazy chunk: under a loaded CI machine it can take seconds to arrive.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin console' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No payments are waiting for review.', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('links the console from the user menu for an admin', async () => {
    stubFetch(get('/api/admin/payments', []), emptyCatalogue);
    const { router } = await renderApp('/', ADMIN);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Ada Admin/ }, { timeout: 15_000 }));
    await user.click(screen.getByRole('link', { name: 'Admin console' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Payments to review' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});

describe('payments to review', () => {
  it('warns of other payments that may be the same transfer, saying what they share', async () => {
    const earlier = (id: number, status: 'approved' | 'rejected', same: ('reference' | 'receipt')[]) => ({
      id,
      status,
      transaction_id: `TX-${id}`,
      user: { id: 40 + id, name: `Buyer ${id}`, email: `buyer${id}@example.com` },
      created_at: '2026-11-19T09:30:00.000Z',
      same,
    });
    stubFetch(
      get('/api/admin/payments', [
        payment(1, {
          matches: [earlier(7, 'approved', ['reference', 'receipt']), earlier(8, 'rejected', ['receipt'])],
        }),
        payment(2),
      ]),
      (_request, url) => (url.pathname.endsWith('/receipt') ? receiptBytes() : undefined),
    );
    await openAdmin('/admin');
    const table = await screen.findByRole('table', { name: 'Payments waiting for review' });
    const [first, second] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    const note = within(first as HTMLElement).getByRole('note');
    expect(note).toHaveTextContent('Maybe the same transfer as 2 other payments');
    expect(note).toHaveTextContent(
      /#7 by Buyer 7 \(buyer7@example\.com\), Approved, .+: same transaction ID · same receipt image/,
    );
    expect(note).toHaveTextContent(/#8 by Buyer 8 \(buyer8@example\.com\), Rejected, .+: same receipt image/);
    expect(within(second as HTMLElement).queryByRole('note')).not.toBeInTheDocument();
  });

  it('lists pending payments with the receipt fetched with the bearer header', async () => {
    const { requests } = stubFetch(
      get('/api/admin/payments', [payment(1, { reference: 'BAAN11P2' }), payment(2, { amount: 12500 })]),
      (_request, url) => (url.pathname.endsWith('/receipt') ? receiptBytes() : undefined),
    );
    await openAdmin('/admin');
    const table = await screen.findByRole('table', { name: 'Payments waiting for review' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('TX-1000')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('฿1,490')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('฿12,500')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('payer1@example.com')).toBeInTheDocument();
    // The memo reference the payer was told to add, to match against the receipt.
    expect(within(rows[0] as HTMLElement).getByText('BAAN11P2').parentElement).toHaveTextContent(
      'Memo reference: BAAN11P2',
    );
    expect(rows[1]).not.toHaveTextContent('Memo reference');

    const list = requests.find((r) => new URL(r.url).pathname === '/api/admin/payments');
    expect(new URL(list?.url ?? '').searchParams.get('status')).toBe('pending');
    await waitFor(() => expect(screen.getAllByRole('img', { name: /Receipt for transaction/ })).toHaveLength(2));
    const receipt = requests.find((r) => new URL(r.url).pathname === '/api/payments/1/receipt');
    expect(receipt?.headers.get('Authorization')).toBe('Bearer admin-token');
    expect(screen.getByRole('img', { name: 'Receipt for transaction TX-1000' })).toHaveAttribute(
      'src',
      'blob:http://localhost/fake',
    );

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Enlarge receipt for transaction TX-1000' }));
    expect(screen.getByRole('dialog', { name: 'Receipt, transaction TX-1000' })).toBeInTheDocument();
  });

  it('approves after confirming: POST approve, a toast, and the row leaves the list', async () => {
    const { requests } = stubFetch(
      get('/api/admin/payments', [payment(1), payment(2)]),
      (_request, url) => (url.pathname.endsWith('/receipt') ? receiptBytes() : undefined),
      (request, url) =>
        request.method === 'POST' && url.pathname === '/api/admin/payments/1/approve'
          ? ok({ payment: { ...payment(1), status: 'approved' } }, 'Payment approved. The subscription is active.')
          : undefined,
    );
    await openAdmin('/admin');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Approve payment from Payer 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this payment?' });
    expect(dialog).toHaveTextContent('Payer 1 paid ฿1,490 for Premium.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Payment from Payer 1 approved. The subscription is active.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Approve payment from Payer 1' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Approve payment from Payer 2' })).toBeInTheDocument();
    const approve = requests.find((r) => r.method === 'POST');
    expect(new URL(approve?.url ?? '').pathname).toBe('/api/admin/payments/1/approve');
    expect(approve?.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('rejects only with a reason, and sends it', async () => {
    const bodies: unknown[] = [];
    stubFetch(
      get('/api/admin/payments', [payment(3)]),
      (_request, url) => (url.pathname.endsWith('/receipt') ? receiptBytes() : undefined),
      async (request, url) => {
        if (request.method !== 'POST' || url.pathname !== '/api/admin/payments/3/reject') return undefined;
        bodies.push(await request.clone().json());
        return ok({ ...payment(3), status: 'rejected' }, 'Payment rejected.');
      },
    );
    await openAdmin('/admin');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reject payment from Payer 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAccessibleDescription('Please give a reason.');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);

    await user.type(reason, 'The amount does not match');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Payment from Payer 3 rejected. The reason was e-mailed.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'The amount does not match' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No payments are waiting for review.')).toBeInTheDocument();
  });

  it('shows the server message translated when the payment was already reviewed', async () => {
    stubFetch(get('/api/admin/payments', [payment(4, { receipt_url: null })]), (request, url) =>
      request.method === 'POST' && url.pathname === '/api/admin/payments/4/approve'
        ? new Response(JSON.stringify({ success: false, message: 'This payment has already been reviewed.' }), {
            status: 409,
            headers: { 'Content-Type': 'application/json' },
          })
        : undefined,
    );
    await openAdmin('/admin');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Approve payment from Payer 4' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This payment has already been reviewed.')).toBeInTheDocument();
  });
});

describe('listings', () => {
  it('searches, then hides and features a listing, updating the row in place', async () => {
    const { requests } = stubFetch(
      get('/api/admin/properties', (url) =>
        page(url.searchParams.get('q') === 'river' ? [property(5)] : [property(5), property(6)]),
      ),
      (request, url) => {
        const match = /^\/api\/admin\/properties\/5\/(hide|feature)$/.exec(url.pathname);
        if (request.method !== 'POST' || !match) return undefined;
        return match[1] === 'hide'
          ? ok(property(5, { status: 'hidden' }), 'The listing is hidden.')
          : ok(property(5, { status: 'hidden', is_featured: 1 }), 'The listing is featured.');
      },
    );
    await openAdmin('/admin/listings');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('link', { name: 'Riverside condo 6' });
    await user.type(screen.getByRole('searchbox', { name: 'Search title, location, owner e-mail or #id' }), 'river');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Riverside condo 6' })).not.toBeInTheDocument());
    expect(requests.some((r) => new URL(r.url).searchParams.get('q') === 'river')).toBe(true);

    const link = screen.getByRole('link', { name: 'Riverside condo 5' });
    expect(link).toHaveAttribute('href', '/detail/5');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Active')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Hide Riverside condo 5' }));
    expect(await within(row).findByText('Hidden')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Show Riverside condo 5' })).toBeInTheDocument();
    expect(await screen.findByText('“Riverside condo 5” is hidden from the site.')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Feature Riverside condo 5' }));
    expect(await within(row).findByText('Featured')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Unfeature Riverside condo 5' })).toBeInTheDocument();
    const posts = requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname);
    expect(posts).toEqual(['/api/admin/properties/5/hide', '/api/admin/properties/5/feature']);
  });

  it('deletes after confirming', async () => {
    let deleted = false;
    const { requests } = stubFetch(
      get('/api/admin/properties', () => page(deleted ? [] : [property(8)])),
      (request, url) => {
        if (request.method !== 'DELETE' || url.pathname !== '/api/admin/properties/8') return undefined;
        deleted = true;
        return ok({ id: 8 }, 'The listing was deleted.');
      },
    );
    await openAdmin('/admin/listings');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete Riverside condo 8' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No listings match.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });
});

describe('review queue', () => {
  const held = (id: number, reasons: string[]) =>
    property(id, { review: 'pending', review_reasons: reasons, status: 'active' });

  it('lists held listings with their reasons translated, and approves one: it leaves the queue', async () => {
    const { requests } = stubFetch(
      get('/api/admin/properties', (url) =>
        url.searchParams.get('status') === 'pending'
          ? page([held(11, ['new_owner', 'price_outlier']), held(12, ['duplicate_photos'])])
          : page([property(5)]),
      ),
      (request, url) =>
        request.method === 'POST' && url.pathname === '/api/admin/properties/11/approve'
          ? ok(property(11), 'The listing is approved.')
          : undefined,
    );
    await openAdmin('/admin/listings');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('link', { name: 'Riverside condo 5' });
    const tabs = screen.getByRole('group', { name: 'Which listings' });
    await user.click(within(tabs).getByRole('button', { name: 'Waiting for review' }));
    const link = await screen.findByRole('link', { name: 'Riverside condo 11' });
    expect(within(tabs).getByRole('button', { name: 'Waiting for review' })).toHaveAttribute('aria-pressed', 'true');
    expect(requests.some((r) => new URL(r.url).searchParams.get('status') === 'pending')).toBe(true);
    // The status drop-down is for the other tab.
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();

    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getAllByText('Waiting for review')).toHaveLength(1);
    expect(row).toHaveTextContent("The owner's account is less than 7 days old");
    expect(row).toHaveTextContent('The price is far outside the usual range for the area');
    expect(screen.getByRole('link', { name: 'Riverside condo 12' }).closest('tr')).toHaveTextContent(
      "A photo matches another owner's listing",
    );

    await user.click(within(row).getByRole('button', { name: 'Approve Riverside condo 11' }));
    expect(
      await screen.findByText('“Riverside condo 11” is approved. The owner has been e-mailed.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Riverside condo 11' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Riverside condo 12' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname)).toEqual([
      '/api/admin/properties/11/approve',
    ]);
  });

  it('shows an approved listing’s text edit waiting for review, with its reasons, and offers approve and reject', async () => {
    stubFetch(
      get('/api/admin/properties', () =>
        page([
          property(14, {
            pending_edit: {
              title: 'URGENT: pay deposit by bank transfer',
              description: 'Transfer 50,000 THB to account 123-4-56789-0',
              reasons: ['new_owner', 'bank_account', 'payment_request'],
              since: '2026-11-27T10:00:00.000Z',
            },
          }),
        ]),
      ),
    );
    await openAdmin('/admin/listings?status=pending');
    const row = (await screen.findByRole('link', { name: 'Riverside condo 14' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Changes waiting for review (visitors still see the approved text):');
    expect(row).toHaveTextContent('New title: URGENT: pay deposit by bank transfer');
    expect(row).toHaveTextContent('New description: Transfer 50,000 THB to account 123-4-56789-0');
    expect(row).toHaveTextContent('The text gives a bank account number');
    expect(row).toHaveTextContent('The text asks for a transfer or deposit');
    expect(row).toHaveTextContent("The owner's account is less than 7 days old");
    expect(within(row).getByRole('button', { name: 'Approve Riverside condo 14' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Reject Riverside condo 14/ })).toBeInTheDocument();
  });

  it('rejects only with a reason, sends it, and the listing leaves the queue', async () => {
    const bodies: unknown[] = [];
    stubFetch(
      get('/api/admin/properties', () => page([held(13, ['new_owner'])])),
      async (request, url) => {
        if (request.method !== 'POST' || url.pathname !== '/api/admin/properties/13/reject') return undefined;
        bodies.push(await request.clone().json());
        return ok(
          property(13, { review: 'rejected', review_note: 'Photos show another building' }),
          'The listing is rejected.',
        );
      },
    );
    await openAdmin('/admin/listings?status=pending');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reject Riverside condo 13' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this listing' });
    expect(dialog).toHaveTextContent('“Riverside condo 13” will not be published.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject listing' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAccessibleDescription('Please give a reason.');
    expect(reason).toHaveAttribute('maxLength', '500');
    expect(bodies).toEqual([]);

    await user.type(reason, '  Photos show another building ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject listing' }));
    expect(
      await screen.findByText('“Riverside condo 13” was rejected. The reason was e-mailed to the owner.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'Photos show another building' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No listings are waiting for review.')).toBeInTheDocument();
  });

  it('translates the answer for a listing someone else already reviewed', async () => {
    stubFetch(
      get('/api/admin/properties', () => page([held(14, ['new_owner'])])),
      (request, url) =>
        request.method === 'POST' && url.pathname === '/api/admin/properties/14/approve'
          ? jsonResponse(409, { success: false, message: 'This listing is not waiting for review.' })
          : undefined,
    );
    await renderApp('/th/admin/listings?status=pending', ADMIN);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'อนุมัติ Riverside condo 14' }, { timeout: 15_000 }));
    expect(await screen.findByText('ประกาศนี้ไม่ได้รอการตรวจสอบแล้ว')).toBeInTheDocument();
  });

  it('shows every status and a rejection with its reason in the list of all listings', async () => {
    stubFetch(
      get('/api/admin/properties', () =>
        page([
          property(21, { status: 'sold' }),
          property(22, { status: 'paused' }),
          property(23, { status: 'hidden', review: 'rejected', review_note: 'Duplicate of #5' }),
        ]),
      ),
    );
    await openAdmin('/admin/listings');
    const rowOf = async (id: number) =>
      (await screen.findByRole('link', { name: `Riverside condo ${id}` })).closest('tr') as HTMLElement;
    expect(within(await rowOf(21)).getByText('Sold')).toBeInTheDocument();
    expect(within(await rowOf(21)).getByRole('button', { name: 'Hide Riverside condo 21' })).toBeInTheDocument();
    expect(within(await rowOf(22)).getByText('Paused')).toBeInTheDocument();
    const rejected = await rowOf(23);
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(rejected).toHaveTextContent('Reason given: Duplicate of #5');
    expect(within(rejected).getByRole('button', { name: 'Show Riverside condo 23' })).toBeInTheDocument();
    expect(within(rejected).queryByRole('button', { name: 'Approve Riverside condo 23' })).not.toBeInTheDocument();
    const options = within(screen.getByRole('combobox', { name: 'Status' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['All', 'Active', 'Paused', 'Sold', 'Rented', 'Hidden']);
  });
});

describe('users', () => {
  it('disables a user after a warning about their listings; no disable button for yourself', async () => {
    let disabled = false;
    const { requests } = stubFetch(
      get('/api/admin/users', () =>
        page([adminUser(1, { name: 'Ada Admin', role: 'admin' }), adminUser(9, { disabled, disabled_at: null })]),
      ),
      (request, url) => {
        if (request.method !== 'POST' || url.pathname !== '/api/admin/users/9/disable') return undefined;
        disabled = true;
        return ok(adminUser(9, { disabled: true }), 'The user is disabled; their listings are hidden.');
      },
    );
    await openAdmin('/admin/users');
    const user = userEvent.setup({ delay: null });
    const row = (await screen.findByText('member9@example.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Premium')).toBeInTheDocument();
    expect(within(row).getByText(/Active until/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable Ada Admin' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Disable Member 9' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable Member 9?' });
    expect(dialog).toHaveTextContent('all their listings will be hidden');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Member 9 is disabled; their listings are hidden.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Enable Member 9' })).toBeInTheDocument();
    expect(
      within(screen.getByText('member9@example.com').closest('tr') as HTMLElement).getByText('Disabled'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname)).toEqual([
      '/api/admin/users/9/disable',
    ]);
  });

  it('opens a user with their listings', async () => {
    stubFetch(
      get('/api/admin/users', page([adminUser(9)])),
      get('/api/admin/users/9', {
        ...adminUser(9),
        listings: [
          {
            id: 41,
            title: 'Sukhumvit loft',
            status: 'hidden',
            is_featured: 0,
            price: 25000,
            type: 'rent',
            created_at: '2026-11-01T00:00:00.000Z',
          },
        ],
      }),
    );
    await openAdmin('/admin/users');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Details of Member 9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Member 9' });
    expect(await within(dialog).findByRole('link', { name: 'Sukhumvit loft' })).toHaveAttribute('href', '/detail/41');
    expect(within(dialog).getByText('Hidden')).toBeInTheDocument();
  });
});

describe('packages', () => {
  it('validates the create form inline, then creates with the chosen features', async () => {
    const bodies: unknown[] = [];
    stubFetch(get('/api/admin/packages', [adminPackage(1, { retired: true })]), async (request, url) => {
      if (request.method !== 'POST' || url.pathname !== '/api/admin/packages') return undefined;
      bodies.push(await request.clone().json());
      return ok(adminPackage(2, { name: 'Gold' }), 'Package created.');
    });
    await openAdmin('/admin/packages');
    expect(await screen.findByText('Retired')).toBeInTheDocument();
    expect(screen.getByText('Unlimited property listings')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'New package' }));
    const dialog = screen.getByRole('dialog', { name: 'New package' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Price (baht)' }), '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Create package' }));
    expect(within(dialog).getByRole('textbox', { name: 'Package name' })).toHaveAccessibleDescription(
      'The package name is required.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Price (baht)' })).toHaveAccessibleDescription(
      /The price must be a whole number of baht./,
    );
    expect(bodies).toEqual([]);
    // The contract's bounds: the name field stops at its length, a price over the top is refused here.
    expect(within(dialog).getByRole('textbox', { name: 'Package name' })).toHaveAttribute('maxLength', '120');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Price (baht)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Price (baht)' }), '10000001');
    await user.click(within(dialog).getByRole('button', { name: 'Create package' }));
    expect(within(dialog).getByRole('textbox', { name: 'Price (baht)' })).toHaveAccessibleDescription(
      /The price is too high./,
    );
    // A free package is refused as the API refuses it (free access is a grant under Users).
    await user.clear(within(dialog).getByRole('textbox', { name: 'Price (baht)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Price (baht)' }), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create package' }));
    expect(within(dialog).getByRole('textbox', { name: 'Price (baht)' })).toHaveAccessibleDescription(
      /The price must be at least 1 baht\. To give an account free access, grant it a subscription under Users\./,
    );
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Package name' }), 'Gold');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Price (baht)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Price (baht)' }), '2990');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Full analytics' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Unlimited property listings' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create package' }));
    expect(await screen.findByText('Package “Gold” created.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { name: 'Gold', price: 2990, featured_quota: 0, features: ['unlimitedListings', 'fullAnalytics'] },
    ]);
  });
});

describe('package featured quota', () => {
  it('shows each package’s quota, checks the field, and sends it when editing', async () => {
    const bodies: unknown[] = [];
    stubFetch(
      get('/api/admin/packages', [adminPackage(3, { name: 'Premium', featured_quota: 10 })]),
      async (request, url) => {
        if (request.method !== 'PATCH' || url.pathname !== '/api/admin/packages/3') return undefined;
        bodies.push(await request.clone().json());
        return ok(adminPackage(3, { name: 'Premium', featured_quota: 12 }), 'Package updated.');
      },
    );
    await openAdmin('/admin/packages');
    const table = await screen.findByRole('table', { name: 'Packages' });
    const [header, row] = within(table).getAllByRole('row');
    expect(header).toHaveTextContent('Featured listings');
    expect(row).toHaveTextContent('10');

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Edit Premium' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Premium' });
    const quota = within(dialog).getByRole('textbox', { name: 'Featured listings included' });
    expect(quota).toHaveValue('10');
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    for (const [typed, message] of [
      ['', 'Enter how many featured listings the package includes.'],
      ['2.5', 'The featured quota must be a whole number.'],
      ['-1', 'The featured quota cannot be negative.'],
      ['1001', 'The featured quota can be at most 1000.'],
    ] as const) {
      await user.clear(quota);
      if (typed) await user.type(quota, typed);
      await user.click(save);
      expect(quota).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(quota).toHaveAttribute('aria-invalid', 'true');
    }
    expect(bodies).toEqual([]);

    await user.clear(quota);
    await user.type(quota, '12');
    await user.click(save);
    expect(await screen.findByText('Package “Premium” updated.')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Premium', price: 490, featured_quota: 12, features: ['unlimitedListings'] }]);
  });

  it('shows the server’s refusal of the quota on the field', async () => {
    stubFetch(get('/api/admin/packages', []), (request, url) =>
      request.method === 'POST' && url.pathname === '/api/admin/packages'
        ? jsonResponse(400, {
            success: false,
            message: 'Validation failed',
            errors: { featured_quota: ['The featured quota can be at most 1000.'] },
          })
        : undefined,
    );
    await openAdmin('/admin/packages');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'New package' }));
    const dialog = screen.getByRole('dialog', { name: 'New package' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Package name' }), 'Gold');
    await user.type(within(dialog).getByRole('textbox', { name: 'Price (baht)' }), '990');
    await user.click(within(dialog).getByRole('button', { name: 'Create package' }));
    expect(await within(dialog).findByText('The featured quota can be at most 1000.')).toBeInTheDocument();
  });
});

describe('messages', () => {
  it('shows contact messages, expands long text, and exports CSV with the bearer header', async () => {
    const long = `${'Please call me about the villa. '.repeat(12)}End.`;
    const { requests } = stubFetch(
      get('/api/admin/messages', (url) =>
        url.searchParams.get('kind') === 'inquiry'
          ? {
              kind: 'inquiry',
              ...page([
                {
                  id: 3,
                  property_id: 5,
                  property_title: 'Riverside condo 5',
                  name: 'Buyer',
                  email: 'buyer@example.com',
                  phone: null,
                  message: 'Is it available?',
                  language: 'th',
                  created_at: '2026-11-19T08:00:00.000Z',
                  owner_email: 'owner7@example.com',
                },
              ]),
            }
          : { kind: 'contact', ...page([contactMessage(1, { message: long }), contactMessage(2)]) },
      ),
      (request, url) =>
        request.method === 'GET' && url.pathname === '/api/admin/messages.csv'
          ? new Response('name,email\r\nVisitor,visitor@example.com\r\n', { headers: { 'Content-Type': 'text/csv' } })
          : undefined,
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await openAdmin('/admin/messages');
    const user = userEvent.setup({ delay: null });
    const first = await screen.findByRole('article', { name: 'Question 1' });
    expect(within(first).queryByText('End.', { exact: false })).not.toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Show more' }));
    expect(within(first).getByText(/End\.$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const csv = requests.find((r) => new URL(r.url).pathname === '/api/admin/messages.csv');
    expect(new URL(csv?.url ?? '').searchParams.get('kind')).toBe('contact');
    expect(csv?.headers.get('Authorization')).toBe('Bearer admin-token');
    expect(URL.createObjectURL).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Inquiries' }));
    const inquiry = await screen.findByRole('article', { name: /Riverside condo 5/ });
    expect(within(inquiry).getByText('Is it available?')).toBeInTheDocument();
    expect(within(inquiry).getByRole('link', { name: 'Riverside condo 5' })).toHaveAttribute('href', '/detail/5');
  });
});

describe('audit log', () => {
  it('lists entries with translated actions, targets and details, filterable by action', async () => {
    const { requests } = stubFetch(
      get('/api/admin/audit', (url) =>
        page(
          url.searchParams.get('action') === 'property.hide'
            ? [auditEntry(2, { action: 'property.hide', target_type: 'property', target_id: 5, details: {} })]
            : [
                auditEntry(3, {
                  action: 'package.update',
                  target_type: 'package',
                  target_id: 2,
                  details: { price: { from: 490, to: 590 } },
                }),
                auditEntry(1),
              ],
        ),
      ),
    );
    await openAdmin('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Updated a package');
    expect(rows[0]).toHaveTextContent('price: 490 → 590');
    expect(rows[1]).toHaveTextContent('Rejected a payment');
    expect(rows[1]).toHaveTextContent('admin@baan.example');
    expect(rows[1]).toHaveTextContent('reason: Blurry receipt');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Payment #5' })).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'property.hide');
    expect(await screen.findByRole('link', { name: 'Listing #5' })).toHaveAttribute('href', '/detail/5');
    expect(requests.some((r) => new URL(r.url).searchParams.get('action') === 'property.hide')).toBe(true);
  });
});

describe('privacy requests (PDPA, ADR 023)', () => {
  const request = (id: number, overrides: Partial<AdminPrivacyRequest> = {}): AdminPrivacyRequest => ({
    id,
    type: 'deletion',
    status: 'completed',
    requested_at: '2026-11-20T03:00:00.000Z',
    expires_at: '2026-11-21T03:00:00.000Z',
    completed_at: '2026-11-20T04:00:00.000Z',
    user_id: 40 + id,
    email: 's•••@g•••.com',
    account_deleted: true,
    ...overrides,
  });

  it('lists who asked for what and where it stands, filterable by type and status', async () => {
    const { requests } = stubFetch(
      get('/api/admin/privacy-requests', (url) =>
        page(
          url.searchParams.get('type') === 'export'
            ? [request(3, { type: 'export', email: 'nok@example.com', account_deleted: false, expires_at: null })]
            : [
                request(2, {
                  status: 'awaiting_confirmation',
                  email: 'lek@example.com',
                  account_deleted: false,
                  completed_at: null,
                }),
                request(1),
              ],
        ),
      ),
    );
    await openAdmin('/admin/privacy');
    expect(screen.getByRole('link', { name: 'Privacy requests' })).toHaveAttribute('aria-current', 'page');
    const table = await screen.findByRole('table', { name: 'Privacy requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('lek@example.com');
    expect(rows[0]).toHaveTextContent('#42');
    expect(rows[0]).toHaveTextContent('Account deletion');
    expect(rows[0]).toHaveTextContent('Waiting for the e-mailed link');
    expect(rows[0]).toHaveTextContent('Link valid until');
    expect(rows[1]).toHaveTextContent('s•••@g•••.com');
    expect(rows[1]).toHaveTextContent('#41 · account deleted');
    expect(rows[1]).toHaveTextContent('Completed');

    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'export');
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Privacy requests' })).toHaveTextContent('nok@example.com'),
    );
    expect(screen.getByRole('table', { name: 'Privacy requests' })).toHaveTextContent('Data download');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'expired');
    await waitFor(() =>
      expect(
        requests.some((r) => {
          const params = new URL(r.url).searchParams;
          return params.get('type') === 'export' && params.get('status') === 'expired';
        }),
      ).toBe(true),
    );
  });

  it('names the people’s own privacy actions in the audit log', async () => {
    stubFetch(
      get('/api/admin/audit', () =>
        page([
          auditEntry(9, {
            action: 'privacy.deletion_request',
            actor_email: 'nok@example.com',
            target_type: 'user',
            target_id: 42,
            details: { request: 4 },
          }),
        ]),
      ),
    );
    await openAdmin('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Asked to delete their account');
  });
});

describe('site settings', () => {
  const none = { en: null, th: null, zh: null, ja: null, my: null, ru: null, TW: null };

  it('edits the home page headline per language: blank keeps the default; a refused one is marked', async () => {
    let stored: Record<string, string | null> = { ...none, th: 'บ้านในฝัน' };
    const puts: unknown[] = [];
    const { requests } = stubFetch(
      get('/api/admin/settings/home', () => ({ hero_title: stored })),
      async (request, url) => {
        if (request.method !== 'PUT' || url.pathname !== '/api/admin/settings/home') return undefined;
        const body = (await request.json()) as { hero_title: Record<string, string> };
        puts.push(body);
        if (body.hero_title.ru?.includes('\u202e')) {
          return jsonResponse(400, {
            success: false,
            message: 'Please correct the highlighted fields.',
            errors: { 'hero_title.ru': ['The headline contains invisible control characters.'] },
          });
        }
        stored = Object.fromEntries(Object.entries(body.hero_title).map(([k, v]) => [k, v.trim() || null]));
        return ok({ hero_title: stored }, 'Settings saved.');
      },
    );
    await openAdmin('/admin/settings');
    expect(await screen.findByRole('heading', { level: 2, name: 'Site settings' })).toBeInTheDocument();
    const english = await screen.findByRole('textbox', { name: 'English' });
    expect(english).toHaveValue('');
    expect(english).toHaveAttribute('maxlength', '120');
    expect(screen.getByRole('textbox', { name: 'ไทย' })).toHaveValue('บ้านในฝัน');
    expect(screen.getByRole('textbox', { name: 'ไทย' })).toHaveAttribute('lang', 'th');

    const user = userEvent.setup({ delay: null });
    await user.type(english, 'Find your home in Thailand');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved. The home page shows them now.')).toBeInTheDocument();
    expect(puts[0]).toEqual({
      hero_title: { en: 'Find your home in Thailand', th: 'บ้านในฝัน', zh: '', ja: '', my: '', ru: '', TW: '' },
    });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'English' })).toHaveValue('Find your home in Thailand'),
    );

    await user.type(screen.getByRole('textbox', { name: 'Русский' }), 'Дом\u202eмечты');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const russian = screen.getByRole('textbox', { name: 'Русский' });
    await waitFor(() => expect(russian).toHaveAttribute('aria-invalid', 'true'));
    expect(russian).toHaveAccessibleDescription(/remove any invisible characters/);
    expect(adminRequests(requests).filter((r) => r.method === 'PUT')).toHaveLength(2);
  });

  it('is in the console menu', async () => {
    stubFetch(get('/api/admin/payments', []));
    await openAdmin('/admin');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
  });
});
