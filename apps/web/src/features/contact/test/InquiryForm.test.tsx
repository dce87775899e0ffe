import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProperty } from '../../../test/properties';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';
import { json, stubFetch } from './helpers';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

const OWNER = {
  id: 4242,
  name: 'Siam Prime Realty',
  phone_number: '+66 2 123 4567',
  phone_verified: 0 as const,
  line_id: null,
  email: 'owner@siamprime.example',
};

/** The detail page's API. The page also sends its statistics beacons, so the inquiry POSTs are kept apart. */
function stubDetail(inquiry?: (request: Request) => Response) {
  const inquiries: Request[] = [];
  const inquiryBodies: unknown[] = [];
  const api = stubFetch(async (request, url) => {
    if (request.method === 'GET' && url.pathname === '/api/property/7') {
      return json(200, { success: true, payload: makeProperty(7, { description: 'A bright condo.', owner: OWNER }) });
    }
    if (request.method === 'POST' && url.pathname === '/api/property/7/inquiry') {
      inquiries.push(request);
      inquiryBodies.push(await request.clone().json());
      return inquiry ? inquiry(request) : json(201, { success: true, payload: { id: 1 } });
    }
    if (request.method === 'POST' && /^\/api\/property\/7\/(view|contact-click)$/.test(url.pathname)) {
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  return { ...api, inquiries, inquiryBodies };
}

async function openDetail(session?: Parameters<typeof renderApp>[1]) {
  const view = await renderApp('/detail/7', session);
  await screen.findByRole('heading', { level: 1, name: 'Listing 7' }, { timeout: 15_000 });
  return view;
}

// The form is a lazy chunk of its own; its first import in a run takes a moment.
const inquiryForm = async () => within(await screen.findByTestId('inquiry-form', {}, { timeout: 15_000 }));

describe('Message the owner', () => {
  it('checks the fields (phone optional but valid) and sends nothing while one is wrong', async () => {
    const api = stubDetail();
    const user = userEvent.setup();
    await openDetail();
    const form = await inquiryForm();
    expect(screen.getByRole('heading', { level: 2, name: 'Message the owner' })).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Send to the owner' }));
    expect(form.getByLabelText(/Your name/)).toHaveAccessibleDescription('Name is required.');
    expect(form.getByLabelText(/Your name/)).toHaveFocus();
    expect(form.getByLabelText(/E-mail address/)).toHaveAccessibleDescription('E-mail is required.');
    expect(form.getByLabelText(/Message/)).toHaveAccessibleDescription(/Message is required\./);
    expect(form.getByLabelText(/Phone/)).not.toHaveAttribute('aria-invalid');

    await user.type(form.getByLabelText(/Your name/), 'Nok');
    await user.type(form.getByLabelText(/E-mail address/), 'nok@example.com');
    await user.type(form.getByLabelText(/Phone/), 'call me');
    await user.type(form.getByLabelText(/Message/), 'Is it still available?');
    await user.click(form.getByRole('button', { name: 'Send to the owner' }));
    expect(form.getByLabelText(/Phone/)).toHaveAccessibleDescription('Please enter a valid phone number.');
    expect(form.getByLabelText(/Phone/)).toHaveFocus();
    expect(api.inquiries).toHaveLength(0);
  });

  it('posts to /api/property/{id}/inquiry, confirms and clears the message', async () => {
    const api = stubDetail();
    const user = userEvent.setup();
    await openDetail();
    const form = await inquiryForm();
    await user.type(form.getByLabelText(/Your name/), ' Nok Suwan ');
    await user.type(form.getByLabelText(/E-mail address/), 'nok@example.com');
    await user.type(form.getByLabelText(/Phone/), '+66 81 234 5678');
    await user.type(form.getByLabelText(/Message/), 'Is it still available?');
    await user.click(form.getByRole('button', { name: 'Send to the owner' }));
    expect(await screen.findByText('Your message has been sent to the owner.')).toBeInTheDocument();
    expect(api.inquiryBodies).toEqual([
      { name: 'Nok Suwan', email: 'nok@example.com', phone: '+66 81 234 5678', message: 'Is it still available?' },
    ]);
    expect(form.getByLabelText(/Message/)).toHaveValue('');
    expect(form.getByLabelText(/Phone/)).toHaveValue('');
  });

  it("says 'Listing not found.' for a 404 and keeps the text", async () => {
    stubDetail(() => json(404, { success: false, message: 'Listing not found.' }));
    const user = userEvent.setup();
    await openDetail();
    const form = await inquiryForm();
    await user.type(form.getByLabelText(/Your name/), 'Nok');
    await user.type(form.getByLabelText(/E-mail address/), 'nok@example.com');
    await user.type(form.getByLabelText(/Message/), 'Hello');
    await user.click(form.getByRole('button', { name: 'Send to the owner' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Listing not found.');
    expect(form.getByLabelText(/Message/)).toHaveValue('Hello');
  });

  it('starts with the signed-in person’s name and e-mail', async () => {
    stubDetail();
    await openDetail({ login: signedIn({ name: 'Somchai Jaidee', email: 'somchai@example.com' }) });
    const form = await inquiryForm();
    expect(form.getByLabelText(/Your name/)).toHaveValue('Somchai Jaidee');
    expect(form.getByLabelText(/E-mail address/)).toHaveValue('somchai@example.com');
  });

  it('is not offered to the owner on their own listing', async () => {
    stubDetail();
    await openDetail({ login: signedIn({ email: 'Owner@SiamPrime.example' }) });
    expect(screen.getByRole('heading', { level: 2, name: 'Description' })).toBeInTheDocument();
    expect(screen.queryByTestId('inquiry-form')).not.toBeInTheDocument();
  });
});
