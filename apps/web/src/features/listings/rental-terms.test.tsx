import type { Property } from '@baan/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage, loadNamespaces } from '../../i18n';
import { summaryParts } from '../../lib/search-summary';
import { makeStore } from '../../session/store';
import { jsonResponse } from '../../test/http';
import { makeProperty } from '../../test/properties';
import { renderApp } from '../../test/render-app';
import { ExtraFilters, hasExtraFilters, readExtraFilters } from './components/ExtraFilters';
import { PropertyCard } from './components/PropertyCard';
import { buyRentFilters, buyRentQuery } from './lib/buy-rent-params';
import { fromSearchParams, toSearchString } from './lib/search-params';

// Rental terms (issue 26, item 1) on the listing page, the cards and the search filters.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(async () => {
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});

const RENTAL = {
  type: 'rent',
  price: 20_000,
  deposit_months: 2,
  advance_months: 1,
  min_lease_months: 12,
  furnishing: 'furnished',
  pets_allowed: 1,
  electricity: 'building',
  electricity_rate: 7.5,
  move_in_cost: 80_000,
} satisfies Partial<Property>;

async function showListing(property: Property, prefix = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { success: true, payload: property })),
  );
  await renderApp(`${prefix}/detail/${property.id}`);
  await screen.findByRole('heading', { level: 1, name: property.title }, { timeout: 15_000 });
}

const terms = (name: RegExp) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('term')
    .map((term: HTMLElement) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);

describe('the listing page: rental terms and the move-in cost', () => {
  it('shows every term given, the rate with the electricity, and the move-in cost beside the rent', async () => {
    await showListing(makeProperty(7, RENTAL));
    expect(terms(/^Rental terms$/)).toEqual([
      'Deposit: 2 months',
      'Advance rent: 1 month',
      'Minimum lease: 12 months',
      'Furnishing: Furnished',
      'Pets: Pets allowed',
      'Electricity: Building rate (฿7.5 per unit)',
    ]);
    const cost = screen.getByTestId('move-in-cost');
    expect(cost).toHaveTextContent('Move-in cost: ฿80,000');
    expect(cost).toHaveTextContent('First month + 1 month advance + 2 months deposit');
  });

  it('leaves out what is not given, and shows no block nor cost for a sale or a rental without terms', async () => {
    await showListing(makeProperty(8, { type: 'rent', furnishing: 'unfurnished', pets_allowed: 0 }));
    expect(terms(/^Rental terms$/)).toEqual(['Furnishing: Unfurnished', 'Pets: No pets']);
    expect(screen.queryByTestId('move-in-cost')).not.toBeInTheDocument();
    cleanup();
    await showListing(makeProperty(9, { type: 'sale', price: 3_500_000 }));
    expect(screen.queryByRole('region', { name: /^Rental terms$/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('move-in-cost')).not.toBeInTheDocument();
  });

  it('speaks Thai on the Thai page', async () => {
    await showListing(makeProperty(10, RENTAL), '/th');
    expect(terms(/^เงื่อนไขการเช่า$/)).toContain('เงินประกัน: 2 เดือน');
    expect(screen.getByTestId('move-in-cost')).toHaveTextContent('ค่าใช้จ่ายแรกเข้า: ฿80,000');
  });
});

describe('cards: a rental in a few words', () => {
  const card = (property: Property) => {
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <PropertyCard property={property} />
        </MemoryRouter>
      </Provider>,
    );
    return within(screen.getByRole('article'));
  };

  it('says furnished and pets allowed, and nothing for a sale or a rental that says neither', () => {
    expect(card(makeProperty(1, RENTAL)).getByTestId('rental-summary')).toHaveTextContent('Furnished · Pets allowed');
    cleanup();
    expect(card(makeProperty(2, { type: 'rent' })).queryByTestId('rental-summary')).not.toBeInTheDocument();
    cleanup();
    expect(card(makeProperty(3, { ...RENTAL, type: 'sale' })).queryByTestId('rental-summary')).not.toBeInTheDocument();
  });
});

describe('the rental filters', () => {
  it('are labelled controls named as the search parameters, showing the values of the address', () => {
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <ExtraFilters
            value={{ furnishing: 'partly', pets: '1', max_deposit_months: 2, max_min_lease_months: 24 }}
            fieldClass=""
          />
        </MemoryRouter>
      </Provider>,
    );
    const group = within(screen.getByRole('group', { name: 'Rental terms' }));
    expect(group.getByRole('combobox', { name: 'Furnishing' })).toHaveValue('partly');
    expect(group.getByRole('checkbox', { name: 'Pets allowed' })).toBeChecked();
    expect(group.getByRole('combobox', { name: 'Deposit at most' })).toHaveValue('2');
    // A value the address asks for that the choices lack stays chosen.
    expect(group.getByRole('combobox', { name: 'Minimum lease at most' })).toHaveValue('24');
    expect(
      within(group.getByRole('combobox', { name: 'Minimum lease at most' })).getByRole('option', { name: '24 months' }),
    ).toBeInTheDocument();
  });

  it('are read from the form as the API reads them (anything else is no filter)', () => {
    const form = new FormData();
    form.set('furnishing', 'furnished');
    form.set('pets', '1');
    form.set('max_deposit_months', '2');
    form.set('max_min_lease_months', '121');
    const { filters } = readExtraFilters(form);
    expect(filters).toMatchObject({ furnishing: 'furnished', pets: '1', max_deposit_months: 2 });
    expect(filters.max_min_lease_months).toBeUndefined();
    expect(hasExtraFilters(filters)).toBe(true);
    const odd = new FormData();
    odd.set('furnishing', 'half');
    odd.set('max_deposit_months', '13');
    expect(hasExtraFilters(readExtraFilters(odd).filters)).toBe(false);
  });

  it('are kept in the address in the order of the search, and dropped when malformed', () => {
    const read = fromSearchParams(
      new URLSearchParams('pets=1&max_min_lease_months=6&furnishing=unfurnished&max_deposit_months=0&type=rent'),
    );
    expect(toSearchString(read)).toBe(
      '?type=rent&furnishing=unfurnished&pets=1&max_deposit_months=0&max_min_lease_months=6',
    );
    // Buy or rent keeps them too (its search, and so what "Save this search" saves).
    const buyRent = buyRentQuery(buyRentFilters(new URLSearchParams('tab=condo&pets=1&max_deposit_months=2')));
    expect(toSearchString(buyRent)).toContain('pets=1&max_deposit_months=2');
    expect(toSearchString(fromSearchParams(new URLSearchParams('pets=yes&max_deposit_months=99&furnishing=x')))).toBe(
      '',
    );
  });

  it('are named in the summary of a saved search and the result chips, each removing its own parameter', async () => {
    await loadNamespaces(['saved']);
    const t = i18n.getFixedT('en', 'saved');
    const parts = summaryParts(
      new URLSearchParams('furnishing=furnished&pets=1&max_deposit_months=2&max_min_lease_months=1'),
      t,
      'en',
    );
    expect(parts).toEqual([
      { label: 'Furnished', params: ['furnishing'] },
      { label: 'Pets allowed', params: ['pets'] },
      { label: 'deposit at most 2 months', params: ['max_deposit_months'] },
      { label: 'minimum lease at most 1 month', params: ['max_min_lease_months'] },
    ]);
  });
});
