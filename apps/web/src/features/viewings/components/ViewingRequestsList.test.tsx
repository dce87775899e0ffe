import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n, loadNamespaces } from '../../../i18n';
import { makeStore } from '../../../session/store';
import { ViewingRequestsList } from './ViewingRequestsList';

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['viewings']);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const viewing = (id: number, role: 'owner' | 'visitor', status = 'requested') => ({
  id,
  property_id: 7,
  property_title: `Condo ${id}`,
  starts_at: '2030-01-08T03:00:00.000Z',
  ends_at: '2030-01-08T04:00:00.000Z',
  mode: 'in_person',
  status,
  role,
  name: 'Anong',
  email: 'anong@example.com',
  phone: null,
  created_at: '2030-01-07T01:00:00.000Z',
});

function stubApi(answer = 200) {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      if (input.method === 'POST') {
        const text = await input.text();
        posts.push({ url: new URL(input.url).pathname, body: text ? JSON.parse(text) : null });
        return new Response(
          JSON.stringify(
            answer < 400
              ? { success: true, payload: viewing(1, 'owner', 'confirmed') }
              : { success: false, message: 'x' },
          ),
          {
            status: answer,
            headers: { 'content-type': 'application/json' },
          },
        );
      }
      return new Response(
        JSON.stringify({
          success: true,
          payload: [viewing(1, 'owner'), viewing(2, 'visitor'), viewing(3, 'owner', 'declined')],
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    }),
  );
  return posts;
}

const show = () =>
  render(
    <Provider store={makeStore()}>
      <ViewingRequestsList />
    </Provider>,
  );

describe('ViewingRequestsList', () => {
  it('lists only the owner’s open requests, Bangkok time, with the answers; declined ones and the visitor’s are left out', async () => {
    stubApi();
    show();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Condo 1');
    expect(items[0]).toHaveTextContent('10:00–11:00');
    expect(within(items[0] as HTMLElement).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(screen.queryByText('Condo 2')).toBeNull();
    expect(screen.queryByText('Condo 3')).toBeNull();
  });

  it('confirms, and proposes a new Bangkok time sent as UTC', async () => {
    const posts = stubApi();
    show();
    const user = userEvent.setup({ delay: null });
    const first = (await screen.findAllByRole('listitem'))[0] as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'Confirm' }));
    await user.click(within(first).getByRole('button', { name: 'Propose another time' }));
    const input = within(first).getByLabelText('New time (Bangkok)');
    await user.type(input, '2030-01-09T14:00');
    await user.click(within(first).getByRole('button', { name: 'Send proposal' }));
    expect(posts).toEqual([
      { url: '/api/user/viewings/1/confirm', body: null },
      { url: '/api/user/viewings/1/propose', body: { starts_at: '2030-01-09T07:00:00.000Z' } },
    ]);
  });

  it('explains a refusal in Thai', async () => {
    await i18n.changeLanguage('th');
    stubApi(409);
    show();
    const user = userEvent.setup({ delay: null });
    const first = (await screen.findAllByRole('listitem'))[0] as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'ปฏิเสธ' }));
    expect(await within(first).findByRole('alert')).toHaveTextContent('คำขอนี้ได้รับคำตอบแล้ว');
  });
});
