import { VIEWING_MESSAGES as M, type Viewing } from '@baan/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { jsonResponse as json, stubFetch } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';

vi.setConfig({ testTimeout: 30_000 });

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

type Slot = { weekday: number; start: string; end: string };

const viewing = (id: number, overrides: Partial<Viewing> = {}): Viewing => ({
  id,
  property_id: 7,
  property_title: `Condo ${id}`,
  // Tuesday 8 January 2030, 10:00 Bangkok.
  starts_at: '2030-01-08T03:00:00.000Z',
  ends_at: '2030-01-08T04:00:00.000Z',
  mode: 'in_person',
  status: 'requested',
  role: 'owner',
  name: 'Anong',
  email: 'anong@example.com',
  phone: null,
  created_at: '2030-01-07T01:00:00.000Z',
  ...overrides,
});

/** The page's API: the week (`slots`), what PUT answers (`put`), the viewings and what a decision answers. */
function stubPage({
  slots = [] as Slot[],
  put,
  viewings = [] as Viewing[],
  decide,
}: {
  slots?: Slot[];
  put?: (body: { slots: Slot[] }) => Response;
  viewings?: Viewing[];
  decide?: (action: string, id: number) => Response;
} = {}) {
  let week = slots;
  const api = stubFetch(async (request, url) => {
    if (url.pathname === '/api/user/viewing-slots') {
      if (request.method === 'PUT') {
        const body = (await request.clone().json()) as { slots: Slot[] };
        const answer = put?.(body);
        if (answer) return answer;
        week = body.slots;
      }
      return json(200, { success: true, payload: { timezone: 'Asia/Bangkok', slots: week } });
    }
    if (request.method === 'GET' && url.pathname === '/api/user/viewings') {
      return json(200, { success: true, payload: viewings });
    }
    const decision = /^\/api\/user\/viewings\/(\d+)\/(confirm|decline|propose)$/.exec(url.pathname);
    if (request.method === 'POST' && decision) {
      const [, id, action] = decision;
      const answer = decide?.(action as string, Number(id));
      return answer ?? json(200, { success: true, payload: viewing(Number(id), { status: 'confirmed' }) });
    }
    // The dashboard's own reads (the sidebar's new-inquiry count): none.
    if (request.method === 'GET' && url.pathname.startsWith('/api/user/'))
      return json(200, { success: true, payload: [] });
    return undefined;
  });
  const puts = () => api.requests.filter((r) => r.method === 'PUT');
  const decisions = () =>
    api.requests.filter((r) => r.method === 'POST' && /\/api\/user\/viewings\//.test(new URL(r.url).pathname));
  return { ...api, puts, decisions };
}

async function openPage(path = '/dashboard/viewings') {
  const view = await renderApp(path, { login: signedIn() });
  await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  return view;
}

const hours = async () =>
  within((await screen.findByRole('heading', { name: 'Your viewing hours' })).closest('section') as HTMLElement);
const range = (name: string) => within(screen.getByRole('group', { name }));

describe('/dashboard/viewings', () => {
  it('is linked from the dashboard navigation, in English and in Thai', async () => {
    stubPage();
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Viewings' })).toBeInTheDocument();
    const sidebar = screen.getByRole('complementary', { name: 'Dashboard' });
    expect(within(sidebar).getByRole('link', { name: 'Viewings' })).toHaveAttribute('href', '/dashboard/viewings');
    expect(within(sidebar).getByRole('link', { name: 'Viewings' })).toHaveAttribute('aria-current', 'page');
    cleanup();
    await openPage('/th/dashboard/viewings');
    expect(screen.getByRole('heading', { level: 1, name: 'นัดชม' })).toBeInTheDocument();
    const thSidebar = screen.getByRole('complementary', { name: /./ });
    expect(within(thSidebar).getByRole('link', { name: 'นัดชม' })).toHaveAttribute('href', '/th/dashboard/viewings');
  });
});

describe('the weekly hours', () => {
  it('shows the stored week by weekday, adds and changes ranges, and saves the whole week', async () => {
    const api = stubPage({ slots: [{ weekday: 1, start: '10:00', end: '12:00' }] });
    const user = userEvent.setup({ delay: null });
    await openPage();
    const editor = await hours();
    expect(range('Monday, range 1').getByLabelText('From')).toHaveValue('10:00');
    expect(range('Monday, range 1').getByLabelText('Until')).toHaveValue('12:00');
    expect(editor.getAllByText('No viewings')).toHaveLength(6);
    await user.click(editor.getByRole('button', { name: 'Add hours on Tuesday' }));
    expect(range('Tuesday, range 1').getByLabelText('From')).toHaveValue('09:00');
    await user.selectOptions(range('Tuesday, range 1').getByLabelText('Until'), '17:00');
    // A second Monday range starts where the first ends.
    await user.click(editor.getByRole('button', { name: 'Add hours on Monday' }));
    expect(range('Monday, range 2').getByLabelText('From')).toHaveValue('12:00');
    expect(range('Monday, range 2').getByLabelText('Until')).toHaveValue('13:00');
    await user.click(editor.getByRole('button', { name: 'Save hours' }));
    expect(await editor.findByRole('status')).toHaveTextContent('Your viewing hours are saved.');
    expect(api.bodies.at(-1)).toEqual({
      slots: [
        { weekday: 1, start: '10:00', end: '12:00' },
        { weekday: 2, start: '09:00', end: '17:00' },
        { weekday: 1, start: '12:00', end: '13:00' },
      ],
    });
    // Removing every range offers no viewings: an empty week is saved.
    for (const name of ['Remove Monday 10:00–12:00', 'Remove Tuesday 09:00–17:00', 'Remove Monday 12:00–13:00']) {
      await user.click(editor.getByRole('button', { name }));
    }
    expect(editor.getByText('You offer no viewing hours yet, so visitors cannot book a viewing.')).toBeInTheDocument();
    await user.click(editor.getByRole('button', { name: 'Save hours' }));
    await waitFor(() => expect(api.bodies.at(-1)).toEqual({ slots: [] }));
    expect(api.puts()).toHaveLength(2);
  });

  it('refuses an end before the start and overlapping ranges on the range itself, and sends nothing', async () => {
    const api = stubPage({ slots: [{ weekday: 1, start: '10:00', end: '12:00' }] });
    const user = userEvent.setup({ delay: null });
    await openPage();
    const editor = await hours();
    await user.selectOptions(range('Monday, range 1').getByLabelText('Until'), '10:00');
    await user.click(editor.getByRole('button', { name: 'Save hours' }));
    expect(range('Monday, range 1').getByLabelText('Until')).toHaveAttribute('aria-invalid', 'true');
    expect(range('Monday, range 1').getByLabelText('Until')).toHaveAccessibleDescription(
      'The end must be after the start.',
    );
    expect(editor.getByRole('alert')).toHaveTextContent('Please correct the viewing hours.');
    // Fixed, then a second range inside the first.
    await user.selectOptions(range('Monday, range 1').getByLabelText('Until'), '12:00');
    expect(editor.queryByRole('alert')).toBeNull();
    await user.click(editor.getByRole('button', { name: 'Add hours on Monday' }));
    await user.selectOptions(range('Monday, range 2').getByLabelText('From'), '11:00');
    await user.click(editor.getByRole('button', { name: 'Save hours' }));
    expect(range('Monday, range 2').getByLabelText('From')).toHaveAccessibleDescription(
      'This range overlaps another one on the same day.',
    );
    expect(range('Monday, range 1').getByLabelText('From')).not.toHaveAttribute('aria-invalid');
    expect(api.puts()).toHaveLength(0);
  });

  it('puts the API’s field errors on their range, in Thai', async () => {
    const api = stubPage({
      slots: [{ weekday: 3, start: '09:00', end: '12:00' }],
      put: () => json(400, { success: false, message: M.slotsInvalid, errors: { 'slots.0.start': [M.timeInvalid] } }),
    });
    const user = userEvent.setup({ delay: null });
    await openPage('/th/dashboard/viewings');
    const editor = within(
      (await screen.findByRole('heading', { name: 'เวลาที่เปิดให้นัดชม' })).closest('section') as HTMLElement,
    );
    await user.click(editor.getByRole('button', { name: 'บันทึกเวลา' }));
    expect(await editor.findByRole('alert')).toHaveTextContent('โปรดแก้ไขเวลาที่เปิดให้นัดชม');
    expect(range('วันพุธ ช่วงที่ 1').getByLabelText('ตั้งแต่')).toHaveAccessibleDescription('ใส่เวลาตรงชั่วโมง เช่น 09:00');
    expect(api.puts()).toHaveLength(1);
  });

  it('takes 28 ranges and offers no 29th', async () => {
    const week = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        weekday: i % 7,
        start: `${String(8 + Math.floor(i / 7) * 2).padStart(2, '0')}:00`,
        end: `${String(9 + Math.floor(i / 7) * 2).padStart(2, '0')}:00`,
      }));
    stubPage({ slots: week(27) });
    const user = userEvent.setup({ delay: null });
    await openPage();
    const editor = await hours();
    const addMonday = editor.getByRole('button', { name: 'Add hours on Monday' });
    expect(addMonday).toBeEnabled();
    expect(editor.queryByText('At most 28 time ranges.')).toBeNull();
    await user.click(addMonday);
    expect(editor.getByRole('button', { name: 'Add hours on Sunday' })).toBeDisabled();
    expect(editor.getByText('At most 28 time ranges.')).toBeInTheDocument();
    await user.click(editor.getByRole('button', { name: 'Save hours' }));
    expect(await editor.findByRole('status')).toHaveTextContent('Your viewing hours are saved.');
  });
});

describe('the requests and the viewings ahead', () => {
  const LIST = [
    viewing(1),
    viewing(2, { status: 'confirmed', starts_at: '2030-01-09T03:00:00.000Z', ends_at: '2030-01-09T04:00:00.000Z' }),
    viewing(3, { status: 'declined' }),
    viewing(4, { role: 'visitor', status: 'confirmed', property_title: 'Villa 4', name: 'Me' }),
    viewing(5, { starts_at: '2020-01-08T03:00:00.000Z', ends_at: '2020-01-08T04:00:00.000Z' }),
  ];
  const section = (name: string) =>
    within(screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement);

  it('lists open requests to answer and the confirmed viewings ahead, no declined or past ones', async () => {
    stubPage({ viewings: LIST });
    await openPage();
    const requests = section('Viewing requests');
    const items = await requests.findAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Condo 1');
    expect(items[0]).toHaveTextContent('10:00–11:00');
    expect(items[0]).toHaveTextContent('anong@example.com');
    const upcoming = section('Upcoming viewings').getAllByRole('listitem');
    expect(upcoming.map((li) => li.querySelector('p')?.textContent)).toEqual(['Condo 2', 'Villa 4']);
    // The owner may still decline or move a confirmed viewing; a visitor's own visit has no buttons.
    expect(within(upcoming[0] as HTMLElement).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(within(upcoming[0] as HTMLElement).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(within(upcoming[1] as HTMLElement).queryByRole('button')).toBeNull();
    expect(upcoming[1]).toHaveTextContent('Your visit');
    expect(screen.queryByText('Condo 3')).toBeNull();
    expect(screen.queryByText('Condo 5')).toBeNull();
  });

  it('shows the signed-in visitor’s own requests still waiting, proposed or declined, with nothing to answer', async () => {
    stubPage({
      viewings: [
        ...LIST,
        viewing(6, { role: 'visitor', property_title: 'Loft 6' }),
        viewing(7, { role: 'visitor', status: 'proposed', property_title: 'Loft 7' }),
        viewing(8, { role: 'visitor', status: 'declined', property_title: 'Loft 8' }),
        viewing(9, { role: 'visitor', property_title: 'Loft 9', starts_at: '2020-01-08T03:00:00.000Z' }),
      ],
    });
    await openPage();
    const mine = (await screen.findByRole('heading', { level: 2, name: 'Your viewing requests' })).closest(
      'section',
    ) as HTMLElement;
    const items = within(mine).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(['Loft 6', 'Loft 7', 'Loft 8']);
    expect(items[0]).toHaveTextContent('Waiting for the owner’s answer');
    expect(items[1]).toHaveTextContent('The owner proposed this time');
    expect(items[2]).toHaveTextContent('Declined by the owner');
    expect(within(mine).queryByRole('button')).toBeNull();
    // The owner's own requests are not the visitor's: Condo 1 stays under the requests to answer.
    expect(within(mine).queryByText('Condo 1')).toBeNull();
  });

  it('has no such section for an owner who asked for no viewing', async () => {
    stubPage({ viewings: LIST });
    await openPage();
    await screen.findByRole('heading', { level: 2, name: 'Viewing requests' });
    expect(screen.queryByRole('heading', { level: 2, name: 'Your viewing requests' })).toBeNull();
  });

  it('confirms, declines and proposes another time (Bangkok time sent as UTC), saying what each did', async () => {
    const api = stubPage({ viewings: LIST });
    const user = userEvent.setup({ delay: null });
    await openPage();
    const item = (await section('Viewing requests').findAllByRole('listitem'))[0] as HTMLElement;
    await user.click(within(item).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Viewing confirmed. We sent both of you a calendar invitation.'),
    ).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Viewing declined. We let the visitor know.')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Propose another time' }));
    await user.type(within(item).getByLabelText('New time (Bangkok)'), '2030-01-09T14:00');
    await user.click(within(item).getByRole('button', { name: 'Send proposal' }));
    expect(await screen.findByText('We sent the new time to the visitor.')).toBeInTheDocument();
    const sent = await Promise.all(
      api.decisions().map(async (r) => [new URL(r.url).pathname, (await r.clone().text()) || null]),
    );
    expect(sent).toEqual([
      ['/api/user/viewings/1/confirm', null],
      ['/api/user/viewings/1/decline', null],
      ['/api/user/viewings/1/propose', JSON.stringify({ starts_at: '2030-01-09T07:00:00.000Z' })],
    ]);
  });

  it('says in Thai why a proposal or a decision was refused, and checks the time before sending', async () => {
    let answer = json(400, { success: false, message: M.tooSoon, errors: { starts_at: [M.tooSoon] } });
    const api = stubPage({ viewings: LIST, decide: () => answer });
    const user = userEvent.setup({ delay: null });
    await openPage('/th/dashboard/viewings');
    const item = (await section('คำขอนัดชม').findAllByRole('listitem'))[0] as HTMLElement;
    await user.click(within(item).getByRole('button', { name: 'เสนอเวลาอื่น' }));
    await user.click(within(item).getByRole('button', { name: 'ส่งเวลาที่เสนอ' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('กรุณาเลือกวันและเวลาตรงชั่วโมง');
    expect(api.decisions()).toHaveLength(0);
    await user.type(within(item).getByLabelText('เวลาใหม่ (เวลากรุงเทพฯ)'), '2030-01-07T09:00');
    await user.click(within(item).getByRole('button', { name: 'ส่งเวลาที่เสนอ' }));
    await waitFor(() => expect(within(item).getByRole('alert')).toHaveTextContent('ต้องนัดชมล่วงหน้าอย่างน้อย 2 ชั่วโมง'));
    answer = json(409, { success: false, message: M.alreadyConfirmed });
    await user.click(within(item).getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() => expect(within(item).getByRole('alert')).toHaveTextContent('การนัดชมนี้ยืนยันแล้ว'));
    answer = json(503, { success: false, message: 'Service unavailable' });
    await user.click(within(item).getByRole('button', { name: 'ปฏิเสธ' }));
    await waitFor(() => expect(within(item).getByRole('alert')).toHaveTextContent('เกิดข้อผิดพลาด โปรดลองอีกครั้ง'));
  });
});
