import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../i18n';
import { jsonResponse } from '../../test/http';
import { renderApp } from '../../test/render-app';

/** The newsletter consent (PDPA): subscribing needs it. */
const consent = (footer: HTMLElement) =>
  within(footer).getByRole('checkbox', { name: /I agree to receive the Baan newsletter/ });

async function renderFooter() {
  // A page that fetches nothing itself, so the tests see only the footer's own requests.
  const view = await renderApp('/terms');
  return { ...view, footer: await screen.findByRole('contentinfo') };
}

describe('Footer', () => {
  beforeEach(async () => {
    await initI18n();
    await changeLanguage('en');
  });

  it('has every block of the spec', async () => {
    const { footer } = await renderFooter();
    const f = within(footer);
    expect(f.getByRole('link', { name: /\+66 2 123 4567/ })).toHaveAttribute('href', 'tel:+6621234567');
    expect(f.getByRole('link', { name: /support@baan\.example/ })).toHaveAttribute(
      'href',
      'mailto:support@baan.example',
    );
    // There is no app yet: the store badges say "coming soon" and lead nowhere.
    for (const store of ['App Store', 'Google Play']) {
      expect(f.queryByRole('link', { name: new RegExp(store) })).not.toBeInTheDocument();
      expect(f.getByText(store).closest('li')).toHaveTextContent(`${store}Coming soon`);
    }
    expect(footer.querySelector('a[href*="apple.com"], a[href*="play.google.com"]')).toBeNull();
    for (const name of ['Facebook', 'LINE', 'Instagram', 'YouTube']) {
      expect(f.getByRole('link', { name })).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    }
    const popular = within(f.getByRole('navigation', { name: 'Popular searches' }));
    expect(popular.getByRole('link', { name: 'Sukhumvit' })).toHaveAttribute('href', '/Quick?q=Sukhumvit');
    expect(popular.getByRole('link', { name: 'Rama 9' })).toHaveAttribute('href', '/Quick?q=Rama%209');
    expect(popular.getByRole('link', { name: 'Chiang Mai' })).toHaveAttribute('href', '/Quick?q=Chiang%20Mai');
    expect(popular.getAllByRole('link')).toHaveLength(8);
    const quick = within(f.getByRole('navigation', { name: 'Quick links' }));
    expect(quick.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Terms of Use', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Our Services', '/services'],
      ['Contact', '/contact'],
      ['FAQ', '/faq'],
      ['Condo projects', '/projects'],
    ]);
    expect(f.getByText(`© ${new Date().getFullYear()} Baan. All rights reserved.`)).toBeInTheDocument();
  });

  it('rejects an empty or invalid e-mail without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { footer } = await renderFooter();
    const button = within(footer).getByRole('button', { name: 'Subscribe' });

    await user.click(button);
    // Both problems at once: the address, and the consent not given.
    expect(
      within(footer)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Please enter your e-mail address.', 'Please tick the box to agree to receive the newsletter.']);
    expect(within(footer).getByLabelText('Your e-mail address')).toHaveFocus();
    expect(consent(footer)).toHaveAttribute('aria-invalid', 'true');
    expect(consent(footer)).toHaveAccessibleDescription('Please tick the box to agree to receive the newsletter.');

    await user.type(within(footer).getByLabelText('Your e-mail address'), 'not-an-email');
    await user.click(consent(footer));
    await user.click(button);
    expect(within(footer).getByRole('alert')).toHaveTextContent('Please enter a valid e-mail address.');
    expect(within(footer).getByLabelText('Your e-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(consent(footer)).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('subscribes nothing without the consent ticked, and links to the privacy policy', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { footer } = await renderFooter();
    // The quick link and the consent's own.
    expect(within(footer).getAllByRole('link', { name: 'Privacy Policy' })).toHaveLength(2);
    await user.type(within(footer).getByLabelText('Your e-mail address'), 'buyer@example.com');
    await user.click(within(footer).getByRole('button', { name: 'Subscribe' }));
    expect(within(footer).getByRole('alert')).toHaveTextContent(
      'Please tick the box to agree to receive the newsletter.',
    );
    expect(consent(footer)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts a valid e-mail to /api/newsletter and says to check the inbox to confirm', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(201, {
        success: true,
        message: 'Thanks! Please check your inbox and confirm your subscription with the link we sent.',
        payload: { email: 'buyer@example.com', already_subscribed: false },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { footer } = await renderFooter();

    await user.type(within(footer).getByLabelText('Your e-mail address'), 'buyer@example.com');
    await user.click(consent(footer));
    await user.click(within(footer).getByRole('button', { name: 'Subscribe' }));

    expect(await within(footer).findByRole('status')).toHaveTextContent(
      'Check your inbox to confirm: we sent a link to buyer@example.com. You are subscribed once you open it and confirm.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = (fetchMock.mock.calls[0] as unknown as [Request])[0];
    expect(new URL(request.url).pathname).toBe('/api/newsletter');
    expect(request.method).toBe('POST');
    expect(request.headers.get('Accept-Language')).toBe('en');
    expect(await request.json()).toEqual({ email: 'buyer@example.com' });
    expect(within(footer).getByLabelText('Your e-mail address')).toHaveValue('');
    expect(consent(footer)).not.toBeChecked();
    // Typing another address clears the message.
    await user.type(within(footer).getByLabelText('Your e-mail address'), 'x');
    expect(within(footer).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says to check the inbox in Thai', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(201, { success: true, payload: { email: 'buyer@example.com', already_subscribed: false } }),
      ),
    );
    const user = userEvent.setup();
    const { footer } = await renderFooter();
    await act(() => changeLanguage('th'));
    await user.type(within(footer).getByLabelText('อีเมลของคุณ'), 'buyer@example.com');
    await user.click(within(footer).getByRole('checkbox', { name: /ฉันยินยอมรับจดหมายข่าวของ Baan/ }));
    await user.click(within(footer).getByRole('button', { name: 'สมัครรับข่าวสาร' }));
    expect(await within(footer).findByRole('status')).toHaveTextContent(
      'โปรดตรวจสอบกล่องอีเมลเพื่อยืนยัน: เราส่งลิงก์ไปที่ buyer@example.com แล้ว',
    );
  });

  it('shows a 400 as the translated field message on the input, in Thai too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, {
          success: false,
          message: 'Please check the highlighted fields.',
          errors: { email: ['Please enter a valid e-mail address.'] },
        }),
      ),
    );
    const user = userEvent.setup();
    const { footer } = await renderFooter();
    await act(() => changeLanguage('th'));
    const input = within(footer).getByLabelText('อีเมลของคุณ');
    await user.type(input, 'buyer@example.com');
    await user.click(within(footer).getByRole('checkbox', { name: /ฉันยินยอมรับจดหมายข่าวของ Baan/ }));
    await user.click(within(footer).getByRole('button', { name: 'สมัครรับข่าวสาร' }));
    expect(await within(footer).findByRole('alert')).toHaveTextContent('โปรดกรอกอีเมลที่ถูกต้อง');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('buyer@example.com');
  });

  it('shows the rate limit (429) as a translated message and keeps the address', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(429, { success: false, message: 'Too many attempts. Please try again in 12 minutes.' }),
      ),
    );
    const user = userEvent.setup();
    const { footer } = await renderFooter();
    await user.type(within(footer).getByLabelText('Your e-mail address'), 'buyer@example.com');
    await user.click(consent(footer));
    await user.click(within(footer).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Too many sign-ups from here. Please try again in 12 min.')).toBeInTheDocument();
    expect(within(footer).getByLabelText('Your e-mail address')).toHaveValue('buyer@example.com');
  });

  it('shows a generic error when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const user = userEvent.setup();
    const { footer } = await renderFooter();
    await user.type(within(footer).getByLabelText('Your e-mail address'), 'buyer@example.com');
    await user.click(consent(footer));
    await user.click(within(footer).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });
});
