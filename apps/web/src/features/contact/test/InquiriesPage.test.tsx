import type { Inquiry } from '@baan/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';
import { json, stubFetch } from './helpers';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

const SESSION = { login: signedIn() };

function inquiry(id: number, extra: Partial<Inquiry> = {}): Inquiry {
  return {
    id,
    property_id: 7,
    property_title: 'Riverside condo',
    name: `Sender ${id}`,
    email: `sender${id}@example.com`,
    phone: null,
    message: `Message ${id}`,
    language: 'en',
    created_at: '2026-03-05T09:30:00.000Z',
    ...extra,
  };
}

const OWN = [
  {
    id: 7,
    title: 'Riverside condo',
    type: 'rent',
    location: 'Bangkok',
    price: 25_000,
    cover_image: null,
    is_featured: 0,
    images: [],
    inquiry_count: 2,
  },
  {
    id: 8,
    title: 'Ari loft',
    type: 'rent',
    location: 'Bangkok',
    price: 18_000,
    cover_image: null,
    is_featured: 0,
    images: [],
  },
];

type PageFor = (url: URL) => Response;

function stubInquiries(pageFor: PageFor) {
  return stubFetch((_request, url) => {
    if (url.pathname === '/api/user/properties') return json(200, { success: true, payload: OWN });
    if (url.pathname === '/api/user/inquiries') return pageFor(url);
    return undefined;
  });
}

const page = (items: Inquiry[], total = items.length, pageNo = 1, perPage = 10) =>
  json(200, { success: true, payload: { items, total, page: pageNo, per_page: perPage } });

async function open(path = '/dashboard/inquiries') {
  const view = await renderApp(path, SESSION);
  await screen.findByRole('heading', { level: 1, name: 'Inquiries' }, { timeout: 15_000 });
  return view;
}

const inquiryUrls = (requests: Request[]) =>
  requests.map((r) => new URL(r.url)).filter((u) => u.pathname === '/api/user/inquiries');

describe('Inquiries page', () => {
  it('lists the inquiries with a link to the listing, reply and call links, and the date', async () => {
    const api = stubInquiries(() =>
      page([
        inquiry(2, { phone: '+66 81 234 5678', message: 'Can I see it on Sunday?' }),
        inquiry(1, { property_id: null, property_title: 'Old villa' }),
      ]),
    );
    await open();
    const items = await screen.findAllByRole('article');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Riverside condo' })).toHaveAttribute('href', '/detail/7');
    expect(first.getByText('Sender 2')).toBeInTheDocument();
    expect(first.getByRole('link', { name: /^Reply to Sender 2 by e-mail: ?sender2@example\.com$/ })).toHaveAttribute(
      'href',
      'mailto:sender2@example.com?subject=Re%3A%20Riverside%20condo',
    );
    expect(first.getByRole('link', { name: /^Call Sender 2: ?\+66 81 234 5678$/ })).toHaveAttribute(
      'href',
      'tel:+66812345678',
    );
    expect(first.getByText('Can I see it on Sunday?')).toBeInTheDocument();
    expect(first.getByText(/Mar 5, 2026/).tagName).toBe('TIME');
    const second = within(items[1] as HTMLElement);
    expect(second.queryByRole('link', { name: 'Old villa' })).not.toBeInTheDocument();
    expect(second.getByText(/listing deleted/)).toBeInTheDocument();
    expect(screen.getByText('2 inquiries')).toBeInTheDocument();
    const [url] = inquiryUrls(api.requests);
    expect(url?.searchParams.get('page')).toBe('1');
    expect(url?.searchParams.has('property_id')).toBe(false);
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('filters by listing through ?property_id= and shows the empty state', async () => {
    const api = stubInquiries((url) => (url.searchParams.get('property_id') === '8' ? page([]) : page([inquiry(1)])));
    const user = userEvent.setup();
    const { router } = await open();
    await screen.findAllByRole('article');
    const filter = screen.getByRole('combobox', { name: 'Listing' });
    await screen.findByRole('option', { name: 'Ari loft' });
    await user.selectOptions(filter, '8');
    expect(await screen.findByText('No inquiries for this listing yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?property_id=8');
    expect(inquiryUrls(api.requests).at(-1)?.searchParams.get('property_id')).toBe('8');
  });

  it('opens filtered from a card link and pages on the server', async () => {
    const api = stubInquiries((url) => {
      const n = Number(url.searchParams.get('page'));
      return page([inquiry(n * 100)], 25, n);
    });
    const user = userEvent.setup();
    await open('/dashboard/inquiries?property_id=7');
    expect(await screen.findByText('Sender 100')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Listing' })).toHaveValue('7');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Sender 200')).toBeInTheDocument();
    const last = inquiryUrls(api.requests).at(-1);
    expect(last?.searchParams.get('page')).toBe('2');
    expect(last?.searchParams.get('property_id')).toBe('7');
  });

  it('says when there are no inquiries at all, and when loading failed', async () => {
    let fail = true;
    stubInquiries(() => (fail ? json(500, { success: false, message: 'Internal error' }) : page([])));
    const user = userEvent.setup();
    await open();
    expect(await screen.findByText('Failed to load inquiries.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No inquiries yet.')).toBeInTheDocument();
  });

  it('has an Inquiries entry in the dashboard sidebar', async () => {
    stubInquiries(() => page([]));
    await open();
    const sidebar = within(screen.getByRole('complementary', { name: 'Dashboard' }));
    expect(sidebar.getByRole('link', { name: 'Inquiries' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('Inquiry count on My properties cards', () => {
  it('shows each card’s count (absent means 0) as a link to its inquiries', async () => {
    stubInquiries(() => page([]));
    await renderApp('/dashboard/buyproperty', SESSION);
    await waitFor(() => expect(screen.getAllByTestId('inquiry-count')).toHaveLength(2), { timeout: 15_000 });
    const [riverside, ari] = screen.getAllByTestId('inquiry-count');
    expect(riverside).toHaveTextContent('2 inquiries');
    expect(riverside).toHaveAttribute('href', '/dashboard/inquiries?property_id=7');
    expect(riverside).toHaveAccessibleName('2 inquiries for “Riverside condo”');
    expect(ari).toHaveTextContent('0 inquiries');
    expect(ari).toHaveAttribute('href', '/dashboard/inquiries?property_id=8');
  });
});
