import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { emptyCatalogue, jsonResponse, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render-app';
import { signedIn } from '../../test/users';

const NAV = [
  ['Home', '/'],
  ['Quick Search', '/Quick'],
  ['Buy or Rent', '/Buy-rent'],
  ['Recommended', '/recommend'],
  ['Sell at Cost', '/cost'],
  ['Contact Us', '/contact'],
] as const;

afterEach(async () => {
  // Unmount first: switching back while mounted would update components outside act().
  cleanup();
  await changeLanguage('en');
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
});

describe('Header', () => {
  it('shows the six nav links, the language switcher and the buttons', async () => {
    await renderApp('/');
    const header = screen.getByRole('banner');
    const nav = within(header).getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(NAV);
    expect(within(header).getByRole('link', { name: 'Baan' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(within(header).getByRole('link', { name: 'Login / Register' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('button', { name: 'Add Property' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Package' })).toHaveAttribute('href', '/select-package');
  });

  it('lists every language by its own name', async () => {
    await renderApp('/');
    const options = within(screen.getByRole('combobox', { name: 'Language' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'English',
      'ไทย',
      '简体中文',
      '日本語',
      'မြန်မာ',
      'Русский',
      '繁體中文',
    ]);
  });

  it('switches to Thai: the Thai page (/th), html lang, stored choice and Thai nav text', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'th');

    await waitFor(() => expect(router.state.location.pathname).toBe('/th'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'ภาษา' })).toHaveValue('th'));
    const nav = screen.getByRole('navigation', { name: 'เมนูหลัก' });
    // The Thai page's links stay in Thai.
    expect(within(nav).getByRole('link', { name: 'หน้าแรก' })).toHaveAttribute('href', '/th');
    expect(within(nav).getByRole('link', { name: 'ค้นหาด่วน' })).toHaveAttribute('href', '/th/Quick');
    expect(document.documentElement.lang).toBe('th');
    expect(localStorage.getItem('selectedLanguage')).toBe('th');
  });

  it('titles the page in the language of its URL', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/');
    await waitFor(() => expect(document.title).toBe('Baan — Property for sale and rent in Thailand'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'th');
    await waitFor(() => expect(router.state.location.pathname).toBe('/th'));
    await waitFor(() => expect(document.title).toContain('ประเทศไทย'));
  });

  it('uses the BCP 47 tag for Traditional Chinese', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'TW');
    await screen.findByRole('link', { name: '首頁' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/tw'));
    expect(document.documentElement.lang).toBe('zh-Hant');
    expect(localStorage.getItem('selectedLanguage')).toBe('TW');
  });

  it('is transparent on home until the page scrolls past 10px', async () => {
    await renderApp('/');
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-transparent', 'true');

    Object.defineProperty(window, 'scrollY', { value: 10, configurable: true, writable: true });
    fireEvent.scroll(window);
    expect(header).toHaveAttribute('data-transparent', 'true');

    Object.defineProperty(window, 'scrollY', { value: 11, configurable: true, writable: true });
    fireEvent.scroll(window);
    await waitFor(() => expect(header).toHaveAttribute('data-transparent', 'false'));
  });

  it('is solid on other pages', async () => {
    await renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Use' });
    expect(screen.getByRole('banner')).toHaveAttribute('data-transparent', 'false');
  });

  it('opens and closes the small-screen menu with an accessible toggle', async () => {
    const user = userEvent.setup();
    await renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Quick Search' }));
    expect(await screen.findByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the user menu when signed in, and logout ends the token, clears it and goes home', async () => {
    const api = stubFetch(
      (_request, url) =>
        url.pathname === '/api/logout' ? jsonResponse(200, { success: true, payload: null }) : undefined,
      emptyCatalogue,
    );
    const user = userEvent.setup();
    localStorage.setItem('token', 'abc');
    sessionStorage.setItem('token', 'abc');
    const { store, router } = await renderApp('/terms', {
      login: signedIn({ id: 1, name: 'Somchai', email: 's@example.com', role: 'admin' }, 'abc'),
    });
    await screen.findByRole('heading', { level: 1, name: 'Terms of Use' });
    expect(screen.queryByRole('link', { name: 'Login / Register' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Property' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Somchai/ }));
    expect(screen.getByText('Signed in as admin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().login).toEqual({ user: null, token: null, isAuthenticated: false, isRestoring: false });
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('link', { name: 'Login / Register' })).toBeInTheDocument();
    const logout = api.posts().find((r) => new URL(r.url).pathname === '/api/logout');
    expect(logout?.headers.get('authorization')).toBe('Bearer abc');
  });

  it('shows a plain user no role badge (jargon next to an owner’s name), and names their e-mail in the menu', async () => {
    const user = userEvent.setup();
    await renderApp('/', {
      login: signedIn({ id: 2, name: 'Nok', email: 'n@example.com', role: 'user' }, 't'),
    });
    const menu = screen.getByRole('button', { name: /Nok/ });
    expect(menu).toHaveTextContent(/^Nok$/);
    expect(screen.queryByText(/^user$/i)).not.toBeInTheDocument();
    await user.click(menu);
    expect(screen.getByText('Signed in as n@example.com')).toBeInTheDocument();
    expect(screen.queryByText('Signed in as user')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin console' })).not.toBeInTheDocument();
  });

  it('keeps the admin badge on one line beside the name', async () => {
    await renderApp('/', {
      login: signedIn({ id: 1, name: 'Somchai', email: 's@example.com', role: 'admin' }, 't'),
    });
    const badge = within(screen.getByRole('button', { name: /Somchai/ })).getByText('admin');
    expect(badge).toHaveClass('whitespace-nowrap');
  });
});
