import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import { toast } from './toast';

// Issue 21: toasts followed people to the next page ("Payment failed" on "Payment successful", "Please fill in all
// fields." on the code page, "title is required" on My properties). The shell dismisses them on a new page.

const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
/** react-toastify marks a dismissed toast as leaving, then removes it once its exit animation ends (none in jsdom). */
const shownAlerts = () =>
  screen
    .queryAllByRole('alert')
    .filter((alert) => !alert.closest('.Toastify__toast')?.className.includes('--exit'))
    .map((alert) => alert.textContent ?? '');

describe('toasts and navigation', () => {
  it('dismisses the toasts of the page before, keeping the one raised with the move ("Saved" on the way)', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/contact');
    let failed = '';
    act(() => {
      failed = String(toast.error('Payment failed. Please try again.'));
    });
    await waitFor(() => expect(alerts()).toEqual(['Payment failed. Please try again.']));
    // The person acts again (types, presses Pay), and that act raises a toast and goes to the next page.
    await user.click(screen.getByRole('heading', { level: 1 }));
    let paid = '';
    await act(async () => {
      paid = String(toast.success('Payment successful'));
      await router.navigate('/terms');
    });
    await waitFor(() => expect(toast.isActive(failed)).toBe(false));
    expect(toast.isActive(paid)).toBe(true);
    await waitFor(() => expect(shownAlerts()).toEqual(['Payment successful']));
  });

  it('keeps the toasts on a change of the query alone (filters, paging, the map’s area)', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick');
    let saved = '';
    act(() => {
      saved = String(toast.success('Search saved'));
    });
    await waitFor(() => expect(alerts()).toEqual(['Search saved']));
    await user.click(screen.getByRole('heading', { level: 1 }));
    await act(() => router.navigate('/Quick?type=rent&page=2'));
    expect(toast.isActive(saved)).toBe(true);
    expect(shownAlerts()).toEqual(['Search saved']);
  });

  it('dismisses them on Back (the browser’s popstate is the act)', async () => {
    const { router } = await renderApp('/contact');
    await act(() => router.navigate('/terms'));
    let waiting = '';
    act(() => {
      waiting = String(toast.error('Please fill in all fields.'));
    });
    // Back: the browser's popstate is the person's act.
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'));
      await router.navigate(-1);
    });
    await waitFor(() => expect(toast.isActive(waiting)).toBe(false));
    expect(shownAlerts()).toEqual([]);
  });

  it('leaves a toast raised on the new page as it arrives', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/contact');
    await user.click(screen.getByRole('heading', { level: 1 }));
    await act(() => router.navigate('/terms'));
    let later = '';
    act(() => {
      later = String(toast.error('title is required'));
    });
    await waitFor(() => expect(shownAlerts()).toContain('title is required'));
    expect(toast.isActive(later)).toBe(true);
  });
});
