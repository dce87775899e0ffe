import type { Property } from '@baan/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { clearCompare } from '../../session/compare';
import { RECENTLY_VIEWED_KEY } from '../../session/recently-viewed';
import { emptyCatalogue, jsonResponse, stubFetch } from '../../test/http';
import { makeProperty } from '../../test/properties';
import { renderApp } from '../../test/render-app';

// The detail page's buyer tools: the compare toggle and tray, share, the mortgage calculator, similar listings and
// the "recently viewed" record.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(async () => {
  clearCompare();
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});

const SALE = makeProperty(1, { title: 'Asok condo', type: 'sale', price: 3_000_000 });
const SIMILAR = [2, 3, 4, 5].map((id) => makeProperty(id, { title: `Similar ${id}` }));

/** GET /api/property/{id} of these listings, and their similar ones (SIMILAR, none, or a failure). */
function stubDetail(property: Property | Property[], similar: Property[] | 'fails' = SIMILAR) {
  const listings = Array.isArray(property) ? property : [property];
  return stubFetch((request, url) => {
    if (request.method !== 'GET') return undefined;
    for (const listing of listings) {
      if (url.pathname === `/api/property/${listing.id}`) {
        return jsonResponse(200, { success: true, payload: listing });
      }
      if (url.pathname === `/api/property/${listing.id}/similar`) {
        return similar === 'fails'
          ? jsonResponse(503, { success: false, message: 'Try again later.' })
          : jsonResponse(200, { success: true, payload: similar });
      }
    }
    return undefined;
  }, emptyCatalogue);
}

async function showListing(property: Property, prefix = '') {
  const view = await renderApp(`${prefix}/detail/${property.id}`);
  await screen.findByRole('heading', { level: 1, name: property.title });
  return view;
}

describe('Detail page: similar listings', () => {
  it('renders the similar listings as cards, from the page services', async () => {
    stubDetail(SALE);
    await showListing(SALE);
    const section = screen.getByRole('region', { name: 'Similar listings' });
    const list = within(section).getByRole('list', { name: 'Listings similar to this one' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Similar 2', 'Similar 3', 'Similar 4', 'Similar 5']);
    expect(within(section).getByRole('link', { name: 'Similar 2' })).toHaveAttribute('href', '/detail/2');
  });

  it('shows the listing without the section when there are none or the read fails', async () => {
    stubDetail(SALE, 'fails');
    await showListing(SALE);
    expect(screen.queryByRole('region', { name: 'Similar listings' })).not.toBeInTheDocument();
  });
});

describe('Detail page: compare', () => {
  it('toggles the listing and four similar ones; the fifth is refused with a message; the tray links to /compare', async () => {
    stubDetail(SALE);
    await showListing(SALE);
    const toggle = screen.getByRole('button', { name: 'Compare Asok condo' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByTestId('compare-tray')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const tray = screen.getByRole('region', { name: 'Listings to compare' });
    expect(within(tray).getByRole('link', { name: 'Compare 1 listing' })).toHaveAttribute('href', '/compare?ids=1');

    for (const id of [2, 3, 4]) await userEvent.click(screen.getByRole('button', { name: `Compare Similar ${id}` }));
    expect(within(tray).getByRole('link', { name: 'Compare 4 listings' })).toHaveAttribute(
      'href',
      '/compare?ids=1,2,3,4',
    );
    const fifth = screen.getByRole('button', { name: 'Compare Similar 5' });
    await userEvent.click(fifth);
    expect(fifth).toHaveAttribute('aria-pressed', 'false');
    expect(within(tray).getByRole('status')).toHaveTextContent(
      'You can compare at most 4 listings. Remove one to add another.',
    );
    expect(JSON.parse(localStorage.getItem('baan.compare') ?? '[]')).toEqual([1, 2, 3, 4]);

    // Taking one out makes room (and the message goes).
    await userEvent.click(screen.getByRole('button', { name: 'Compare Similar 3' }));
    expect(within(tray).getByRole('status')).toHaveTextContent('');
    await userEvent.click(fifth);
    expect(fifth).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(tray).getByRole('button', { name: 'Clear the compare list' }));
    expect(screen.queryByTestId('compare-tray')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps room for the tray: the page end, and focus scrolled clear of it (scroll padding), until it goes', async () => {
    stubDetail(SALE);
    await showListing(SALE);
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Compare Asok condo' }));
    expect(screen.getByTestId('compare-tray')).toBeInTheDocument();
    expect(screen.getByTestId('compare-tray-room')).toBeInTheDocument();
    expect(document.documentElement.style.scrollPaddingBottom).toMatch(/^\d+px$/);
    await userEvent.click(screen.getByRole('button', { name: 'Clear the compare list' }));
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
  });

  it('remembers the selection across a reload', async () => {
    localStorage.setItem('baan.compare', JSON.stringify([1, 3]));
    stubDetail(SALE);
    await showListing(SALE);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Compare Asok condo' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByRole('button', { name: 'Compare Similar 3' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Compare 2 listings' })).toHaveAttribute('href', '/compare?ids=1,3');
  });
});

describe('Detail page: mortgage calculator', () => {
  it('on a sale: pre-filled with the price, 10% down, 6.5%, 30 years → ฿17,066 a month, announced politely', async () => {
    stubDetail(SALE);
    await showListing(SALE);
    const calculator = screen.getByRole('region', { name: 'Mortgage calculator' });
    expect(within(calculator).getByRole('textbox', { name: 'Price (฿)' })).toHaveValue('3,000,000');
    expect(within(calculator).getByRole('textbox', { name: 'Down payment (%)' })).toHaveValue('10');
    expect(within(calculator).getByRole('textbox', { name: 'Interest rate (% a year)' })).toHaveValue('6.5');
    const years = within(calculator).getByRole('textbox', { name: 'Loan term (years)' });
    expect(years).toHaveValue('30');
    expect(within(calculator).getByTestId('mortgage-result')).toHaveTextContent('Monthly payment฿17,066');
    const announcement = within(calculator).getByTestId('mortgage-announcement');
    expect(announcement).toHaveAttribute('aria-live', 'polite');
    expect(announcement).toHaveTextContent('Monthly payment ฿17,066 over 30 years, loan ฿2,700,000.');

    fireEvent.change(years, { target: { value: '41' } });
    expect(years).toHaveAttribute('aria-invalid', 'true');
    expect(years).toHaveAccessibleDescription(/Enter at most 40\./);
    expect(announcement).toHaveTextContent('Correct the values above to see the monthly payment.');

    fireEvent.change(years, { target: { value: '10' } });
    fireEvent.change(within(calculator).getByRole('textbox', { name: 'Interest rate (% a year)' }), {
      target: { value: '0' },
    });
    // 2,700,000 over 120 months at 0%.
    expect(announcement).toHaveTextContent('Monthly payment ฿22,500 over 10 years');
    fireEvent.change(within(calculator).getByRole('textbox', { name: 'Price (฿)' }), { target: { value: 'lots' } });
    expect(within(calculator).getByRole('textbox', { name: 'Price (฿)' })).toHaveAccessibleDescription(
      'Enter digits only, for example 3,000,000.',
    );
  });

  it('not on a rent listing', async () => {
    const rent = makeProperty(6, { title: 'Rented room' });
    stubDetail(rent, []);
    await showListing(rent);
    expect(screen.queryByRole('region', { name: 'Mortgage calculator' })).not.toBeInTheDocument();
  });

  it('in Thai', async () => {
    stubDetail(SALE);
    await showListing(SALE, '/th');
    const calculator = screen.getByRole('region', { name: 'คำนวณสินเชื่อบ้าน' });
    expect(within(calculator).getByRole('textbox', { name: 'ระยะเวลากู้ (ปี)' })).toHaveValue('30');
  });
});

describe('Detail page: share', () => {
  it('copies the link, links to LINE with the encoded address, and offers the share sheet only where there is one', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubDetail(SALE);
    await showListing(SALE);
    const share = screen.getByRole('region', { name: 'Share this listing' });
    await userEvent.click(within(share).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/detail/1');
    expect(within(share).getByRole('status')).toHaveTextContent('Link copied.');
    const line = within(share).getByRole('link', { name: 'Share on LINE (opens in a new tab)' });
    expect(line).toHaveAttribute(
      'href',
      'https://social-plugins.line.me/lineit/share?url=http%3A%2F%2Flocalhost%2Fdetail%2F1',
    );
    expect(line).toHaveAttribute('target', '_blank');
    expect(line).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(share).queryByRole('button', { name: 'Share…' })).not.toBeInTheDocument();
  });

  it('says when the link could not be copied; uses navigator.share where it exists', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    const nativeShare = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: nativeShare, configurable: true });
    try {
      stubDetail(SALE);
      await showListing(SALE);
      const share = screen.getByRole('region', { name: 'Share this listing' });
      await userEvent.click(within(share).getByRole('button', { name: 'Copy link' }));
      expect(within(share).getByRole('status')).toHaveTextContent(
        'The link could not be copied. Copy it from the address bar.',
      );
      await userEvent.click(within(share).getByRole('button', { name: 'Share…' }));
      expect(nativeShare).toHaveBeenCalledWith({ title: 'Asok condo', url: 'http://localhost/detail/1' });
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });
});

describe('Recently viewed', () => {
  it('the detail page records the listing; home shows the strip (browser only) with a clear button', async () => {
    const other = makeProperty(7, { title: 'Phrom Phong flat', type: 'rent', price: 40_000 });
    stubDetail([SALE, other], []);
    await showListing(SALE);
    cleanup();
    await showListing(other);
    cleanup();
    await showListing(SALE);
    cleanup();
    expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY) ?? '[]').map((p: { id: number }) => p.id)).toEqual([
      1, 7,
    ]);

    const { container } = await renderApp('/');
    const strip = await screen.findByRole('region', { name: 'Recently viewed' });
    const items = within(within(strip).getByRole('list', { name: 'Listings you viewed recently' })).getAllByRole(
      'link',
    );
    expect(items.map((link) => link.getAttribute('href'))).toEqual(['/detail/1', '/detail/7']);
    expect(items[1]).toHaveTextContent('฿40,000 / month');
    await act(async () => {
      await userEvent.click(within(strip).getByRole('button', { name: 'Clear the recently viewed listings' }));
    });
    expect(screen.queryByRole('region', { name: 'Recently viewed' })).not.toBeInTheDocument();
    expect(container).toBeInTheDocument();
  });
});
