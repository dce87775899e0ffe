import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyCatalogue, jsonResponse, stubFetch } from '../../test/http';
import { makeProperty } from '../../test/properties';
import { renderApp } from '../../test/render-app';
import { makeUser } from '../../test/users';

// Whole pages through the real route table (routes.ts); the shared 2-core machine needs more than the default.
vi.setConfig({ testTimeout: 30_000 });

/** The API with listing 5 and an empty catalogue (home's and the list pages' data). */
function stubListing() {
  return stubFetch(
    (request, url) =>
      request.method === 'GET' && url.pathname === '/api/property/5'
        ? jsonResponse(200, { success: true, payload: makeProperty(5, { title: 'Riverside condo' }) })
        : undefined,
    emptyCatalogue,
  );
}

const address = (router: { state: { location: { pathname: string; search: string; hash: string } } }) => {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
};

describe('language switcher: the same page under the chosen language’s prefix', () => {
  it('goes from /detail/5 to /th/detail/5, stores th, and back to English at /detail/5', async () => {
    stubListing();
    const user = userEvent.setup();
    const { router } = await renderApp('/detail/5?from=home#photos');
    await screen.findByRole('heading', { level: 1, name: 'Riverside condo' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'th');
    // The search and the hash come along.
    await waitFor(() => expect(address(router)).toBe('/th/detail/5?from=home#photos'));
    expect(localStorage.getItem('selectedLanguage')).toBe('th');
    const switcher = await screen.findByRole('combobox', { name: 'ภาษา' });
    await waitFor(() => expect(switcher).toHaveValue('th'));
    expect(document.documentElement.lang).toBe('th');
    expect(screen.getByRole('heading', { level: 1, name: 'Riverside condo' })).toBeInTheDocument();

    await user.selectOptions(switcher, 'en');
    await waitFor(() => expect(address(router)).toBe('/detail/5?from=home#photos'));
    expect(localStorage.getItem('selectedLanguage')).toBe('en');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en'));
    expect(document.documentElement.lang).toBe('en');
  });

  it('writes Traditional Chinese as /tw and stores TW', async () => {
    stubListing();
    const user = userEvent.setup();
    const { router } = await renderApp('/detail/5');
    await screen.findByRole('heading', { level: 1, name: 'Riverside condo' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'TW');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tw/detail/5'));
    expect(localStorage.getItem('selectedLanguage')).toBe('TW');
    await waitFor(() => expect(screen.getByRole('combobox', { name: '語言' })).toHaveValue('TW'));
    expect(document.documentElement.lang).toBe('zh-Hant');
  });
});

describe('links on a page in another language', () => {
  it('keep the prefix: the header’s Quick Search on a Thai page leads to /th/Quick', async () => {
    stubListing();
    const user = userEvent.setup();
    const { router } = await renderApp('/th/detail/5');
    await screen.findByRole('heading', { level: 1, name: 'Riverside condo' });
    const header = screen.getByRole('banner');
    const nav = within(header).getByRole('navigation', { name: 'เมนูหลัก' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/th', '/th/Quick', '/th/Buy-rent', '/th/recommend', '/th/cost', '/th/contact']);
    expect(within(header).getByRole('link', { name: 'Baan' })).toHaveAttribute('href', '/th');
    expect(within(header).getByRole('link', { name: /เข้าสู่ระบบ/ })).toHaveAttribute('href', '/th/login');

    await user.click(within(nav).getByRole('link', { name: 'ค้นหาด่วน' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/th/Quick'));
    expect(document.documentElement.lang).toBe('th');
  });

  it('keep it in the footer too', async () => {
    stubListing();
    await renderApp('/th/detail/5');
    await screen.findByRole('heading', { level: 1, name: 'Riverside condo' });
    const footerLinks = within(screen.getByRole('contentinfo'))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '')
      .filter((href) => href.startsWith('/'));
    expect(footerLinks.length).toBeGreaterThan(3);
    for (const href of footerLinks) expect(href).toMatch(/^\/th(\/|\?|$)/);
  });

  it('a Thai page that needs a login sends a visitor to /th/login and back to it after logging in', async () => {
    stubFetch((request, url) =>
      request.method === 'POST' && url.pathname === '/api/login'
        ? jsonResponse(200, {
            success: true,
            message: 'ok',
            payload: {
              user: makeUser({ subscription: { is_active: 1, package_id: 1, ends_at: '2026-12-21T00:00:00.000Z' } }),
              token: 'jwt',
            },
          })
        : undefined,
    );
    const user = userEvent.setup();
    const { router } = await renderApp('/th/dashboard/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/th/login'));
    await user.type(await screen.findByLabelText('อีเมล'), 'somchai@example.com');
    await user.type(screen.getByLabelText('รหัสผ่าน'), 'Secret#Pass1');
    await user.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/th/dashboard/settings'));
  });
});

describe('an unknown path', () => {
  it.each([
    ['/no-such-page', "We can't find that page", 'Main navigation'],
    ['/terms/no-such-page', "We can't find that page", 'Main navigation'],
    ['/th/no/such/page', 'ไม่พบหน้าที่คุณต้องการ', 'เมนูหลัก'],
  ])('%s renders the not-found screen inside the layout, not to be indexed', async (path, title, navName) => {
    await renderApp(path);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: new RegExp(title) })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('navigation', { name: navName })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex'),
    );
    expect(document.title).toBe(`${title} | Baan`);
  });
});

describe('screens rendered in the browser only', () => {
  it('/login renders in the memory router, inside the layout', async () => {
    const { router } = await renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    // Not the placeholder the server sends in their place.
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(router.state.matches.map((match) => match.route.id)).toContain('app/routes/client-only');
  });

  it('/th/login renders in Thai', async () => {
    await renderApp('/th/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' })).toBeInTheDocument();
  });
});
