import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { initI18n, loadNamespaces } from '../../../i18n';
import { makeStore } from '../../../session/store';
import { makeProperty } from '../../../test/properties';
import { PropertyCard } from './PropertyCard';

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['units']);
});

function facts(property: ReturnType<typeof makeProperty>) {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <PropertyCard property={property} />
      </MemoryRouter>
    </Provider>,
  );
  return within(screen.getByRole('article'));
}

describe('PropertyCard', () => {
  it('shows the "Verified" badge only on a listing whose title deed an admin checked', () => {
    expect(facts(makeProperty(11, { verified: 1 })).getByText('Verified')).toBeInTheDocument();
    cleanup();
    expect(facts(makeProperty(12, { verified: 0 })).queryByText('Verified')).not.toBeInTheDocument();
  });

  it('shows area, bedrooms and bathrooms of a building', () => {
    const card = facts(makeProperty(1, { property_sub_type: 'condo', area: 72, bed_rooms: 2, bath_rooms: 1 }));
    expect(card.getByText('Area')).toBeInTheDocument();
    expect(card.getByText('Bedrooms')).toBeInTheDocument();
    expect(card.getByText('Bathrooms')).toBeInTheDocument();
  });

  it('shows only the area of land (no "0 bedrooms, 0 bathrooms")', () => {
    const card = facts(makeProperty(2, { property_sub_type: 'land', area: 14_566, bed_rooms: 0, bath_rooms: 0 }));
    expect(card.getByText('Area')).toBeInTheDocument();
    expect(card.queryByText('Bedrooms')).not.toBeInTheDocument();
    expect(card.queryByText('Bathrooms')).not.toBeInTheDocument();
  });

  it('shows land in rai, ngan and square wah to a Thai reader and in m² to the others (issue 16)', async () => {
    const land = makeProperty(3, { property_sub_type: 'land', property_type: 'commercial', area: 3600 });
    expect(facts(land).getByText('3,600 m²')).toBeInTheDocument();
    cleanup();
    await i18n.changeLanguage('th');
    try {
      expect(facts(land).getByText('2 ไร่ 1 งาน')).toBeInTheDocument();
      cleanup();
      const withWah = makeProperty(4, { property_sub_type: 'land', property_type: 'commercial', area: 1800 });
      expect(facts(withWah).getByText('1 ไร่ 50 ตร.ว.')).toBeInTheDocument();
      cleanup();
      // A condo's area stays in m² (ตร.ม.) in Thai.
      expect(
        facts(makeProperty(5, { property_sub_type: 'condo', area: 72 })).getByText('72 ตร.ม.'),
      ).toBeInTheDocument();
    } finally {
      cleanup();
      await i18n.changeLanguage('en');
    }
  });

  const asok = {
    id: 'bts-asok',
    name: 'Asok',
    name_th: 'อโศก',
    line: 'bts-sukhumvit',
    system: 'BTS' as const,
    distance_m: 640,
  };

  describe('issue 15 facts', () => {
    it('shows the price per m² (per month for a rent) and the nearest station', () => {
      const rent = facts(makeProperty(3, { price_per_sqm: 556, nearest_station: asok }));
      expect(rent.getByTestId('price-per-sqm')).toHaveTextContent('฿556/m²/month');
      expect(rent.getByTestId('station-distance')).toHaveTextContent('650 m to BTS Asok');
    });

    it('says a sale’s price per m² without "month"', () => {
      const sale = facts(makeProperty(4, { type: 'sale', price: 5_000_000, price_per_sqm: 111_111 }));
      expect(sale.getByTestId('price-per-sqm')).toHaveTextContent(/^฿111,111\/m²$/);
    });

    it('shows neither without an area or a station within reach', () => {
      const card = facts(makeProperty(5, { price_per_sqm: null, nearest_station: null }));
      expect(card.queryByTestId('price-per-sqm')).not.toBeInTheDocument();
      expect(card.queryByTestId('station-distance')).not.toBeInTheDocument();
    });

    it('marks a condo with foreign quota foreigner-friendly, never a house', () => {
      expect(facts(makeProperty(6, { foreign_quota: 1 })).getByText('Foreigner-friendly')).toBeInTheDocument();
      cleanup();
      expect(facts(makeProperty(7, { foreign_quota: 0 })).queryByText('Foreigner-friendly')).not.toBeInTheDocument();
      cleanup();
      const house = makeProperty(8, { property_sub_type: 'house', foreign_quota: 1 });
      expect(facts(house).queryByText('Foreigner-friendly')).not.toBeInTheDocument();
    });

    it('names the station in Thai and the units in Thai for a Thai reader', async () => {
      await i18n.changeLanguage('th');
      try {
        const card = facts(makeProperty(9, { nearest_station: { ...asok, distance_m: 1_260 } }));
        expect(card.getByTestId('station-distance')).toHaveTextContent('ห่างจาก BTS อโศก 1.3 กม.');
        expect(card.getByTestId('price-per-sqm')).toHaveTextContent('฿556/ตร.ม./เดือน');
      } finally {
        cleanup();
        await i18n.changeLanguage('en');
      }
    });
  });
});
