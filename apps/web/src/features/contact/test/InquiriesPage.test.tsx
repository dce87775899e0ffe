import type { LeadInquiry as Inquiry } from '@baan/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';
import { json, type Route, stubFetch } from './helpers';

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
    status: 'new',
    note: null,
    responded_at: null,
    conversation_id: null,
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

function stubInquiries(pageFor: PageFor, ...before: Route[]) {
  return stubFetch(...before, (_request, url) => {
    if (url.pathname === '/api/user/properties') return json(200, { success: true, payload: OWN });
    if (url.pathname === '/api/user/inquiries') return pageFor(url);
    return undefined;
  });
}

const NO_COUNTS = { new: 0, contacted: 0, closed: 0 };
const page = (
  items: Inquiry[],
  total = items.length,
  pageNo = 1,
  perPage = 10,
  extra: { counts?: typeof NO_COUNTS; median_response_minutes?: number | null } = {},
) =>
  json(200, {
    success: true,
    payload: {
      items,
      total,
      page: pageNo,
      per_page: perPage,
      counts: NO_COUNTS,
      median_response_minutes: null,
      ...extra,
    },
  });

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

  it('links a lead to its conversation when its inquiry opened one, and only then', async () => {
    stubInquiries(() => page([inquiry(2, { conversation_id: 41 }), inquiry(1)]));
    await open();
    const items = await screen.findAllByRole('article');
    expect(
      within(items[0] as HTMLElement).getByRole('link', { name: 'Open the conversation with Sender 2' }),
    ).toHaveAttribute('href', '/dashboard/messages/41');
    expect(within(items[1] as HTMLElement).queryByRole('link', { name: /conversation/ })).not.toBeInTheDocument();
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

const HOUR = 3_600_000;

/**
 * A small server for the lead-tracking tests: GET filters by listing and status and counts over everything,
 * PATCH changes one inquiry's status and note as the API does (responded_at set once, on leaving new).
 */
function leadServer(initial: Inquiry[], median: number | null = null) {
  const rows = initial.map((row) => ({ ...row }));
  const counts = () => ({
    new: rows.filter((r) => r.status === 'new').length,
    contacted: rows.filter((r) => r.status === 'contacted').length,
    closed: rows.filter((r) => r.status === 'closed').length,
  });
  const update: Route = async (request, url) => {
    const match = /^\/api\/user\/inquiries\/(\d+)$/.exec(url.pathname);
    if (request.method !== 'PATCH' || !match) return undefined;
    const row = rows.find((r) => r.id === Number(match[1]));
    if (!row) return json(404, { success: false, message: 'Inquiry not found.' });
    const body = (await request.clone().json()) as { status: Inquiry['status']; note?: string };
    if (body.status !== 'new' && !row.responded_at) row.responded_at = new Date().toISOString();
    row.status = body.status;
    if (body.note !== undefined) row.note = body.note.trim() || null;
    return json(200, { success: true, message: 'Inquiry updated.', payload: row });
  };
  return stubInquiries((url) => {
    const status = url.searchParams.get('status');
    const listing = url.searchParams.get('property_id');
    const items = rows.filter(
      (r) => (!status || r.status === status) && (!listing || String(r.property_id) === listing),
    );
    return page(items, items.length, 1, 10, { counts: counts(), median_response_minutes: median });
  }, update);
}

const sidebarLink = () =>
  within(screen.getByRole('complementary', { name: 'Dashboard' })).getByRole('link', { name: /^Inquiries/ });

describe('Lead tracking', () => {
  it('filters by status through ?status=, with the counts in the options, keeping the listing filter', async () => {
    const api = leadServer([
      inquiry(1),
      inquiry(2, { status: 'contacted', responded_at: '2026-03-05T10:30:00.000Z' }),
      inquiry(3, { status: 'closed', property_id: 8, responded_at: '2026-03-05T10:30:00.000Z' }),
    ]);
    const user = userEvent.setup();
    const { router } = await open('/dashboard/inquiries?property_id=7');
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    const filter = screen.getByRole('combobox', { name: 'Status' });
    expect(within(filter).getByRole('option', { name: 'New (1)' })).toBeInTheDocument();
    expect(within(filter).getByRole('option', { name: 'Closed (1)' })).toBeInTheDocument();
    await user.selectOptions(filter, 'contacted');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByText('Sender 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?property_id=7&status=contacted');
    const last = inquiryUrls(api.requests).at(-1);
    expect(last?.searchParams.get('status')).toBe('contacted');
    expect(last?.searchParams.get('property_id')).toBe('7');

    await user.selectOptions(filter, 'closed');
    expect(await screen.findByText('No inquiries with this status.')).toBeInTheDocument();
    await user.selectOptions(filter, '');
    expect(router.state.location.search).toBe('?property_id=7');
  });

  it('changes a status with a PATCH, and the sidebar badge follows', async () => {
    const api = leadServer([
      inquiry(1),
      inquiry(2),
      inquiry(3, { status: 'closed', responded_at: '2026-03-05T10:00:00.000Z' }),
    ]);
    const user = userEvent.setup();
    await open();
    await screen.findAllByRole('article');
    await waitFor(() => expect(sidebarLink()).toHaveAccessibleName(/^Inquiries ?\(2 new inquiries\)$/));
    expect(within(sidebarLink()).getByTestId('sidebar-badge')).toHaveTextContent('2');

    const first = within(screen.getAllByRole('article')[0] as HTMLElement);
    expect(first.getByTestId('inquiry-status')).toHaveTextContent('New');
    await user.selectOptions(first.getByRole('combobox', { name: 'Inquiry status' }), 'contacted');

    await waitFor(() => expect(api.requests.some((r) => r.method === 'PATCH')).toBe(true));
    await waitFor(() => expect(sidebarLink()).toHaveAccessibleName(/^Inquiries ?\(1 new inquiry\)$/));
    const patch = api.requests.find((r) => r.method === 'PATCH');
    expect(patch && new URL(patch.url).pathname).toBe('/api/user/inquiries/1');
    expect(api.bodies).toContainEqual({ status: 'contacted' });
    expect(first.getByTestId('inquiry-status')).toHaveTextContent('Contacted');
    expect(first.getByRole('combobox', { name: 'Inquiry status' })).toHaveValue('contacted');
    expect(await first.findByText(/^Answered in/)).toBeInTheDocument();
  });

  it('saves the private note', async () => {
    const api = leadServer([inquiry(1, { note: 'Old note' })]);
    const user = userEvent.setup();
    await open();
    const card = within((await screen.findAllByRole('article'))[0] as HTMLElement);
    const note = card.getByRole('textbox', { name: 'Private note' });
    expect(note).toHaveValue('Old note');
    expect(note).toHaveAccessibleDescription(/Only you see this note\./);
    await user.clear(note);
    await user.type(note, '  Viewing on Tuesday  ');
    await user.click(card.getByRole('button', { name: 'Save note' }));
    expect(await card.findByText('Note saved.')).toBeInTheDocument();
    expect(api.bodies).toContainEqual({ status: 'new', note: '  Viewing on Tuesday  ' });
    await waitFor(() => expect(note).toHaveValue('Viewing on Tuesday'));
  });

  it('says how fast each inquiry was answered, or how long it has waited, and the median', async () => {
    const waiting = new Date(Date.now() - 3 * HOUR).toISOString();
    leadServer(
      [
        inquiry(1, { created_at: waiting }),
        inquiry(2, {
          status: 'contacted',
          created_at: '2026-03-05T09:30:00.000Z',
          responded_at: '2026-03-05T11:30:00.000Z',
        }),
        inquiry(3, {
          status: 'closed',
          created_at: '2026-03-05T09:30:00.000Z',
          responded_at: '2026-03-05T10:15:00.000Z',
        }),
      ],
      45,
    );
    await open();
    const [unanswered, twoHours, minutes] = (await screen.findAllByRole('article')).map((a) => within(a));
    expect(unanswered?.getByTestId('answer-time')).toHaveTextContent('Not answered yet, received 3 hours ago');
    expect(twoHours?.getByTestId('answer-time')).toHaveTextContent('Answered in 2 hours');
    expect(minutes?.getByTestId('answer-time')).toHaveTextContent('Answered in 45 minutes');
    expect(screen.getByTestId('median-answer')).toHaveTextContent('Median answer time: 45 minutes');
  });

  it('says when no inquiry has been answered yet', async () => {
    leadServer([inquiry(1)]);
    await open();
    await screen.findAllByRole('article');
    expect(screen.getByTestId('median-answer')).toHaveTextContent(/^No answered inquiries yet\./);
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
