import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n, loadNamespaces } from '../../../i18n';
import { makeStore } from '../../../session/store';
import { ListingVerificationPanel } from './ListingVerificationPanel';

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['property']);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const envelope = (payload: unknown, status = 200) =>
  new Response(JSON.stringify(status < 400 ? { success: true, payload } : { success: false, message: 'No' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The API as the panel sees it: the latest check (GET) and the request (POST, multipart), recorded. */
function stubApi(latest: unknown, answer = 201) {
  const posts: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      if (input.method === 'POST') {
        posts.push(await input.formData());
        return envelope({ id: 1, property_id: 42, title_deed_number: '12345', status: 'pending' }, answer);
      }
      return envelope(latest);
    }),
  );
  return posts;
}

const show = () =>
  render(
    <Provider store={makeStore()}>
      <ListingVerificationPanel listingId={42} />
    </Provider>,
  );

describe('ListingVerificationPanel', () => {
  it('checks the form in the reader’s language and sends nothing until it is right', async () => {
    const posts = stubApi(null);
    show();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Send for verification' }));
    expect(screen.getByRole('textbox', { name: 'Title deed number' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter the title deed number.'),
    );
    expect(screen.getByText('Attach a photo or PDF of the title deed.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Title deed number' }), '1'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Send for verification' }));
    expect(screen.getByText('The title deed number is at most 60 characters.')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('sends the deed number and the document, then says it is waiting', async () => {
    const posts = stubApi(null);
    show();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Title deed number' }), ' 12345 ');
    const file = new File(['%PDF-1.4'], 'deed.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Photo or PDF of the title deed'), file);
    await user.click(screen.getByRole('button', { name: 'Send for verification' }));
    expect(await screen.findByText(/Sent\. An admin will check it soon/)).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]?.get('title_deed_number')).toBe('12345');
    expect(posts[0]?.get('document')).toEqual(expect.objectContaining({ name: 'deed.pdf' }));
  });

  it('shows a rejection with its reason, in Thai', async () => {
    await i18n.changeLanguage('th');
    stubApi({ id: 3, property_id: 42, title_deed_number: '777', status: 'rejected', reason: 'Blurry', created_at: '' });
    show();
    expect(await screen.findByText(/ไม่สามารถยืนยันโฉนดเลขที่ 777 ได้/)).toBeInTheDocument();
    expect(screen.getByText(/Blurry/)).toBeInTheDocument();
  });
});
