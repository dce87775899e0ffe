import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../../i18n';
import { FakeXhr, imageFile, installObjectUrls, JPEG_BYTES } from './fake-xhr';
import { next, renderWizard } from './wizard-helpers';

type User = ReturnType<typeof userEvent.setup>;

// The wizard's rental terms (issue 26, item 1): asked for a rental only, sent as the contract reads them.
vi.setConfig({ testTimeout: 60_000 });

beforeEach(async () => {
  FakeXhr.install();
  installObjectUrls();
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});

async function toStepThree(user: User, status: 'Rent' | 'Sale') {
  await user.click(screen.getByRole('radio', { name: 'Owner' }));
  await user.click(screen.getByRole('radio', { name: 'Residential' }));
  await user.click(screen.getByRole('radio', { name: status }));
  await user.click(screen.getByRole('radio', { name: 'Condo' }));
  await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Sukh');
  await user.click(await screen.findByRole('option', { name: /Sukhumvit, Khlong Toei, Bangkok/ }));
  await user.click(next());
  await user.upload(screen.getByLabelText('Choose cover photo'), imageFile(JPEG_BYTES, 'front.jpg'));
  await screen.findByRole('img', { name: 'front.jpg' });
  await user.click(next());
  await screen.findByRole('heading', { level: 2, name: 'Add Information' });
}

async function fill(user: User, label: string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

async function fillRequired(user: User) {
  await fill(user, 'Property Title *', 'Furnished condo near Asok');
  await fill(user, 'Description *', 'One bedroom, high floor, pool.');
  await fill(user, 'Price (฿) *', '20000');
  for (const [label, value] of [
    ['Area (m²) *', '35'],
    ['Level *', '18'],
    ['Bedrooms *', '1'],
    ['Bathrooms *', '1'],
    ['Kitchen *', '1'],
    ['Floors *', '1'],
  ] as const) {
    await fill(user, label, value);
  }
}

describe('add-property wizard: rental terms', () => {
  it('asks a rental its terms, the rate only with the building rate, and sends them', async () => {
    const user = userEvent.setup();
    await renderWizard();
    await toStepThree(user, 'Rent');
    const terms = within(screen.getByRole('group', { name: 'Rental terms' }));
    expect(terms.queryByLabelText('Electricity rate (฿ per unit)')).not.toBeInTheDocument();
    await user.selectOptions(terms.getByRole('combobox', { name: 'Electricity' }), 'building');
    await fill(user, 'Deposit (months)', '2');
    await fill(user, 'Advance rent (months)', '1');
    await fill(user, 'Minimum lease (months)', '12');
    await user.selectOptions(terms.getByRole('combobox', { name: 'Furnishing' }), 'furnished');
    await user.selectOptions(terms.getByRole('combobox', { name: 'Pets' }), '1');
    await fill(user, 'Electricity rate (฿ per unit)', '7.5');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(FakeXhr.sent).toHaveLength(1);
    const body = FakeXhr.last().body as FormData;
    expect(
      Object.fromEntries(
        [
          'deposit_months',
          'advance_months',
          'min_lease_months',
          'furnishing',
          'pets_allowed',
          'electricity',
          'electricity_rate',
        ].map((name) => [name, body.get(name)]),
      ),
    ).toEqual({
      deposit_months: '2',
      advance_months: '1',
      min_lease_months: '12',
      furnishing: 'furnished',
      pets_allowed: '1',
      electricity: 'building',
      electricity_rate: '7.5',
    });
  });

  it('names a term past its limit on its control and sends nothing', async () => {
    const user = userEvent.setup();
    await renderWizard();
    await toStepThree(user, 'Rent');
    await fill(user, 'Minimum lease (months)', '121');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const lease = screen.getByLabelText('Minimum lease (months)');
    expect(lease).toHaveAttribute('aria-invalid', 'true');
    expect(lease).toHaveAccessibleDescription(expect.stringContaining('Minimum lease must be at most 120'));
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('does not ask a sale listing, and sends no term', async () => {
    const user = userEvent.setup();
    await renderWizard();
    await toStepThree(user, 'Sale');
    expect(screen.queryByRole('group', { name: 'Rental terms' })).not.toBeInTheDocument();
  });
});
