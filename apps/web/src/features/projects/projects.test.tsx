import type { MarketFigures as Figures, ProjectSummary } from '@baan/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n, { initI18n, loadNamespaces } from '../../i18n';
import { MarketFigures } from './components/MarketFigures';
import { ProjectCard } from './components/ProjectCard';
import { ProjectFacts } from './components/ProjectFacts';
import { projectListFilters, projectListQuery, unitFilters, unitsQuery } from './lib/project-params';

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['projects']);
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const month = (m: string, price: number | null, rent: number | null, sale = 0, rents = 0) => ({
  month: m,
  median_price_per_sqm: price,
  median_rent_per_sqm: rent,
  sale_listings: sale,
  rent_listings: rents,
});

const FIGURES: Figures = {
  sale: { median_price_per_sqm: 120_000, listings: 4 },
  rent: { median_rent_per_sqm: 700, listings: 1 },
  gross_yield_pct: 7,
  trend: [month('2026-09', 130_000, null, 2, 0), month('2026-10', null, null), month('2026-11', 120_000, 700, 4, 1)],
};

const PROJECT: ProjectSummary = {
  id: 1,
  slug: 'sky-demo',
  name_en: 'Sky Demo',
  name_th: 'สกาย เดโม',
  aliases: [],
  developer: null,
  status: 'under_construction',
  year_completed: 2027,
  towers: null,
  floors: 40,
  units: null,
  facilities: [],
  common_fee_per_sqm: null,
  lat: 13.7,
  lon: 100.5,
  province: 'Bangkok',
  district: 'Watthana',
  nearest_stations: [],
  cover_image: null,
  listings_for_sale: 3,
  listings_for_rent: 0,
  median_price_per_sqm: 150_000,
  median_rent_per_sqm: null,
  gross_yield_pct: null,
};

describe('market figures', () => {
  it('shows each figure with the listings it stands on, a chart per series with a summary, and every month in a table', () => {
    render(<MarketFigures figures={FIGURES} language="en" headingId="m" />);
    expect(screen.getByRole('heading', { name: 'Market figures' })).toBeInTheDocument();
    expect(screen.getByText('฿120,000 per m²')).toBeInTheDocument();
    expect(screen.getByText('from 4 listings')).toBeInTheDocument();
    expect(screen.getByText('from 1 listing')).toBeInTheDocument();
    expect(screen.getByText('7.0%')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /Median asking price per m², by month/ });
    expect(chart).toHaveAccessibleName(
      expect.stringContaining('฿130,000 per m² in Sep 26, ฿120,000 per m² in Nov 26; 2 months with listings.'),
    );
    expect(screen.getByRole('img', { name: /Median rent per m² a month, by month/ })).toHaveAccessibleName(
      expect.stringContaining('฿700 per m² a month in Nov 26'),
    );
    const table = screen.getByRole('table', { name: /by month, with the number of listings/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    // A month without listings shows a dash and 0, not a made-up figure.
    expect(rows[2]).toHaveTextContent('Oct 26–0–0');
  });

  it('says there are not enough listings where a figure has none, and the chart says there were none', () => {
    render(
      <MarketFigures
        figures={{
          sale: { median_price_per_sqm: null, listings: 0 },
          rent: { median_rent_per_sqm: null, listings: 0 },
          gross_yield_pct: null,
          trend: [month('2026-11', null, null)],
        }}
        language="en"
        headingId="m"
      />,
    );
    expect(screen.getAllByText('Not enough listings')).toHaveLength(3);
    // No axes counting 0, 1, 1 over an empty plot: each chart's caption and, visibly, that the period had none.
    expect(screen.queryByRole('img')).toBeNull();
    for (const name of [/Median asking price/, /Median rent/]) {
      expect(screen.getByRole('figure', { name })).toHaveTextContent('No listings in this period.');
    }
  });

  it('speaks Thai on a Thai page', async () => {
    await i18n.changeLanguage('th');
    render(<MarketFigures figures={FIGURES} language="th" headingId="m" />);
    expect(screen.getByRole('heading', { name: 'ข้อมูลตลาด' })).toBeInTheDocument();
    expect(screen.getByText('จาก 4 ประกาศ')).toBeInTheDocument();
  });
});

describe('project facts and cards', () => {
  it('says "Not known" for what the project does not say, and the expected year for one being built', () => {
    render(<ProjectFacts project={PROJECT} />);
    const facts = screen.getByRole('region', { name: 'Facts' });
    expect(within(facts).getByText('Expected completion').nextSibling).toHaveTextContent('2027');
    expect(within(facts).getByText('Developer').nextSibling).toHaveTextContent('Not known');
    expect(within(facts).getByText('Floors').nextSibling).toHaveTextContent('40');
  });

  it('links a card to the project page, with the Thai name first for Thai readers', async () => {
    await i18n.changeLanguage('th');
    render(
      <MemoryRouter>
        <ProjectCard project={PROJECT} language="th" />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /สกาย เดโม/ });
    expect(link).toHaveAttribute('href', '/project/sky-demo');
    expect(screen.getByText('฿150,000/ตร.ม.')).toBeInTheDocument();
  });
});

describe('addresses', () => {
  it('reads /projects’ search leniently and names what it left out', () => {
    const { filters, refused } = projectListFilters(
      new URLSearchParams('q=sky&sort=cheapest&page=0&district=Watthana'),
    );
    expect(filters).toMatchObject({ q: 'sky', sort: 'name', page: 1, district: 'Watthana' });
    expect(refused).toEqual(['sort', 'page']);
    expect(projectListFilters(new URLSearchParams(`q=${'x'.repeat(101)}`)).refused).toEqual(['q']);
    expect(projectListFilters(new URLSearchParams(`q=${'x'.repeat(100)}`)).refused).toEqual([]);
    expect(projectListQuery({ ...filters, sort: 'yield_desc', page: 2 })).toBe(
      '?q=sky&district=Watthana&sort=yield_desc&page=2',
    );
  });

  it('reads a project page’s unit filters and writes them back with defaults left out', () => {
    expect(unitFilters(new URLSearchParams('type=rent&bedrooms=2&page=3'))).toEqual({
      type: 'rent',
      bedrooms: 2,
      page: 3,
    });
    expect(unitFilters(new URLSearchParams('type=lease&bedrooms=-1&page=x'))).toEqual({
      type: 'sale',
      bedrooms: undefined,
      page: 1,
    });
    expect(unitsQuery({ type: 'sale', bedrooms: 0, page: 1 })).toBe('?bedrooms=0');
  });
});
