import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n';
import { makeProperty } from '../../../test/properties';
import { PropertyCard } from './PropertyCard';

beforeAll(async () => {
  await initI18n();
});

function facts(property: ReturnType<typeof makeProperty>) {
  render(
    <MemoryRouter>
      <PropertyCard property={property} />
    </MemoryRouter>,
  );
  return within(screen.getByRole('article'));
}

describe('PropertyCard', () => {
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
});
