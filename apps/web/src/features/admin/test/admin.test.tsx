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
    expect(await screen.findByRole('heading', { name: /Page Not found/ }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText('Admin console')).not.toBeInTheDocument();
    expect(adminRequests(requests)).toEqual([]);
  });

  it('shows a normal user the not-found screen, with no admin link in the menu', async () => {
    const { requests } = stubFetch();
    await renderApp('/admin', { login: signedIn() });
    expect(await screen.findByRole('heading', { name: /Page Not found/ }, { timeout: 15_000 })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /Somchai Jaidee/ }));
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin console' })).not.toBeInTheDocument();
    expect(adminRequests(requests)).toEqual([]);
  });

  it('shows a spinner while a stored admin session is checked, then the console (no flash of not-found)', async () => {
    let release: (response: Response) => void = () => {};
    stubFetch(
      (request, url) =>
        request.method === 'GET' && url.pathname === '/api/user'
          ? new Promise<Response>((resolve) => {
              release = resolve;
            })
          : undefined,
      get('/api/admin/payments', []),
    );
    localStorage.setItem('token', 'stored-token');
    await renderApp('/admin');
    expect(await screen.findByRole('status', {}, { timeout: 15_000 })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText(/Page Not found/)).not.toBeInTheDocument();
    release(ok(makeUser({ role: 'admin', name: 'Ada Admin' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin console' })).toBeInTheDocument();
    expect(await screen.findByText('No payments are waiting for review.')).toBeInTheDocument();
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
  it('lists pending payments with the receipt fetched with the bearer header', async () => {
    const { requests } = stubFetch(
      get('/api/admin/payments', [payment(1), payment(2, { amount: 12500 })]),
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
    expect(within(row).getByText('Visible')).toBeInTheDocument();
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
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Package name' }), 'Gold');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Price (baht)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Price (baht)' }), '2990');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Full analytics' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Unlimited property listings' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create package' }));
    expect(await screen.findByText('Package “Gold” created.')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Gold', price: 2990, features: ['unlimitedListings', 'fullAnalytics'] }]);
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
