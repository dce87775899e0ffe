import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../i18n';
import { renderApp } from '../../../test/render-app';
import { deferred, json, stubFetch } from './helpers';

vi.setConfig({ testTimeout: 30_000 });

// The map's own behaviour is in OfficeMap.test.tsx; here it never gets a tile, which is fine for the form.
beforeEach(async () => {
  await initI18n();
  await changeLanguage('en');
});

afterEach(() => vi.unstubAllGlobals());

async function openContact() {
  const view = await renderApp('/contact');
  await screen.findByRole('heading', { level: 1, name: 'Contact us' }, { timeout: 15_000 });
  const form = within(screen.getByTestId('contact-form'));
  return { ...view, form };
}

type Form = Awaited<ReturnType<typeof openContact>>['form'];

async function fill(user: ReturnType<typeof userEvent.setup>, form: Form, values: Record<string, string>) {
  const labels: Record<string, RegExp> = {
    name: /Your name/,
    email: /E-mail address/,
    subject: /Subject/,
    message: /Message/,
  };
  for (const [field, value] of Object.entries(values)) {
    const label = labels[field];
    if (label && value) await user.type(form.getByLabelText(label), value);
  }
}

const VALID = { name: 'Nok Suwan', email: 'Nok@Example.com', subject: 'Viewing', message: 'Can I visit on Saturday?' };

describe('Contact page', () => {
  it('shows the three info cards with phone, e-mail and a maps link', async () => {
    stubFetch(() => undefined);
    await openContact();
    const cards = within(screen.getByRole('list', { name: 'Ways to reach us' }));
    expect(cards.getByRole('link', { name: '+66 2 123 4567' })).toHaveAttribute('href', 'tel:+6621234567');
    expect(cards.getByRole('link', { name: 'support@baan.example' })).toHaveAttribute(
      'href',
      'mailto:support@baan.example',
    );
    expect(cards.getByText('Sukhumvit Road, Khlong Toei, Bangkok 10110')).toBeInTheDocument();
    expect(cards.getByRole('link', { name: /Open in maps/ }).getAttribute('href')).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=13\.\d+&mlon=100\.\d+/,
    );
  });

  it('says what is wrong with each field, focuses the first, and sends nothing', async () => {
    const api = stubFetch(() => undefined);
    const user = userEvent.setup();
    const { form } = await openContact();

    await user.click(form.getByRole('button', { name: 'Send message' }));
    // The form's schema loads on first use (zod is not on the page's first load): the errors come once it has.
    expect(await form.findByText('Name is required.')).toBeInTheDocument();
    expect(form.getByText('E-mail is required.')).toBeInTheDocument();
    expect(form.getByText('Subject is required.')).toBeInTheDocument();
    expect(form.getByText('Message is required.')).toBeInTheDocument();
    const name = form.getByLabelText(/Your name/);
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required.');

    await fill(user, form, { ...VALID, email: 'nok@example' });
    await user.click(form.getByRole('button', { name: 'Send message' }));
    const email = form.getByLabelText(/E-mail address/);
    await waitFor(() => expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address.'));
    expect(email).toHaveFocus();
    expect(form.queryByText('Name is required.')).not.toBeInTheDocument();
    expect(api.posts()).toHaveLength(0);
  });

  it('counts the message characters and refuses one over the limit', async () => {
    const api = stubFetch(() => undefined);
    const user = userEvent.setup();
    const { form } = await openContact();
    const message = form.getByLabelText(/Message/);
    await user.type(message, 'Hello');
    expect(form.getByTestId('message-counter')).toHaveTextContent('5 / 5000 characters');
    await user.clear(message);
    await user.click(message);
    await user.paste('x'.repeat(5001));
    expect(form.getByTestId('message-counter')).toHaveTextContent('5001 / 5000 characters');
    await fill(user, form, { name: 'Nok', email: 'nok@example.com', subject: 'Hi' });
    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(message).toHaveAccessibleDescription(/The message is too long \(at most 5000 characters\)\./);
    expect(api.posts()).toHaveLength(0);
  });

  it('posts to /api/contact-us, disables the button while sending, toasts and clears', async () => {
    const answer = deferred<Response>();
    const api = stubFetch((request, url) =>
      request.method === 'POST' && url.pathname === '/api/contact-us' ? answer.promise : undefined,
    );
    const user = userEvent.setup();
    const { form } = await openContact();
    await fill(user, form, VALID);
    await user.click(form.getByRole('button', { name: 'Send message' }));

    const sending = await form.findByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    await act(async () => {
      answer.resolve(json(201, { success: true, message: 'Sent', payload: { id: 1 } }));
    });

    expect(await screen.findByText('Your message has been sent successfully!')).toBeInTheDocument();
    expect(api.posts()).toHaveLength(1);
    expect(api.bodies[0]).toEqual({
      name: 'Nok Suwan',
      email: 'nok@example.com',
      subject: 'Viewing',
      message: 'Can I visit on Saturday?',
    });
    expect(form.getByLabelText(/Your name/)).toHaveValue('');
    expect(form.getByLabelText(/Message/)).toHaveValue('');
    expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it("shows a 400's field errors on the fields and keeps the text", async () => {
    stubFetch((request) =>
      request.method === 'POST'
        ? json(400, {
            success: false,
            message: 'Please check the highlighted fields.',
            errors: { email: ['Please enter a valid e-mail address.'], subject: ['Subject is required.'] },
          })
        : undefined,
    );
    const user = userEvent.setup();
    const { form } = await openContact();
    await fill(user, form, VALID);
    await user.click(form.getByRole('button', { name: 'Send message' }));
    const email = form.getByLabelText(/E-mail address/);
    expect(await form.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address.');
    expect(form.getByLabelText(/Subject/)).toHaveAccessibleDescription('Subject is required.');
    expect(email).toHaveFocus();
    expect(form.getByLabelText(/Message/)).toHaveValue(VALID.message);
  });

  it('says "An error occurred" on a network failure or a 5xx and loses nothing typed', async () => {
    let calls = 0;
    stubFetch((request) => {
      if (request.method !== 'POST') return undefined;
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json(503, { success: false, message: 'Service unavailable' });
    });
    const user = userEvent.setup();
    const { form } = await openContact();
    await fill(user, form, VALID);
    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(await form.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(await form.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
    expect(calls).toBe(2);
    expect(form.getByLabelText(/Your name/)).toHaveValue(VALID.name);
    expect(form.getByLabelText(/E-mail address/)).toHaveValue(VALID.email);
    expect(form.getByLabelText(/Subject/)).toHaveValue(VALID.subject);
    expect(form.getByLabelText(/Message/)).toHaveValue(VALID.message);
  });

  it("says 'Failed to send message' when the answer is success false", async () => {
    stubFetch((request) =>
      request.method === 'POST' ? json(200, { success: false, message: 'Mail server refused' }) : undefined,
    );
    const user = userEvent.setup();
    const { form } = await openContact();
    await fill(user, form, VALID);
    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Failed to send message. Please try again.');
    expect(form.getByLabelText(/Message/)).toHaveValue(VALID.message);
  });

  it('shows the rate limit (429) with the wait, in the chosen language', async () => {
    stubFetch((request) =>
      request.method === 'POST'
        ? json(429, { success: false, message: 'Too many attempts. Please try again in 12 minutes.' })
        : undefined,
    );
    const user = userEvent.setup();
    const { form } = await openContact();
    await fill(user, form, VALID);
    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Too many messages. Please try again in 12 min.');
  });

  it('shows the validation messages in Thai', async () => {
    const api = stubFetch(() => undefined);
    const user = userEvent.setup();
    const { form } = await openContact();
    await act(() => changeLanguage('th'));
    await user.click(form.getByRole('button', { name: 'ส่งข้อความ' }));
    expect(form.getByLabelText(/ชื่อของคุณ/)).toHaveAccessibleDescription('โปรดกรอกชื่อ');
    expect(form.getByText('โปรดกรอกอีเมล')).toBeInTheDocument();
    expect(api.posts()).toHaveLength(0);
  });

  it('refuses a hidden text-direction character in the subject, in the chosen language, and sends nothing', async () => {
    const api = stubFetch(() => undefined);
    const user = userEvent.setup();
    const { form } = await openContact();
    await fill(user, form, { ...VALID, subject: 'Viewing \u202Eroolf ht5' });
    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(form.getByLabelText(/Subject/)).toHaveAccessibleDescription(
      'This field contains invisible control characters. Please type it again.',
    );
    await act(() => changeLanguage('th'));
    await user.click(form.getByRole('button', { name: 'ส่งข้อความ' }));
    expect(form.getByLabelText(/หัวข้อ/)).toHaveAccessibleDescription('ช่องนี้มีอักขระควบคุมที่มองไม่เห็น โปรดพิมพ์ใหม่อีกครั้ง');
    expect(api.posts()).toHaveLength(0);
  });
});
