import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../../i18n';
import { makeProperty } from '../../../test/properties';
import { renderApp } from '../../../test/render-app';
import { FakeXhr, imageFile, installObjectUrls, JPEG_BYTES } from './fake-xhr';
import { next, renderWizard, SESSION, stubApi } from './wizard-helpers';

type User = ReturnType<typeof userEvent.setup>;

// Land areas in rai, ngan and square wah (issue 16): entered so, sent as m², pre-filled from m² when editing.
vi.setConfig({ testTimeout: 60_000 });

beforeEach(async () => {
  FakeXhr.install();
  installObjectUrls();
  localStorage.clear();
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});

async function fill(
  user: User,
  label: string,
  value: string,
  scope: ReturnType<typeof within> | typeof screen = screen,
) {
  await user.click(scope.getByLabelText(label));
  await user.paste(value);
}

/** A land listing for sale, up to step 3 with its title, description and price. */
async function landToStepThree(user: User) {
  await user.click(screen.getByRole('radio', { name: 'Owner' }));
  await user.click(screen.getByRole('radio', { name: 'Commercial' }));
  await user.click(screen.getByRole('radio', { name: 'Sale' }));
  await user.click(screen.getByRole('radio', { name: 'Land' }));
  await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Sukh');
  await user.click(await screen.findByRole('option', { name: /Sukhumvit, Khlong Toei, Bangkok/ }));
  await user.click(next());
  await user.upload(screen.getByLabelText('Choose cover photo'), imageFile(JPEG_BYTES, 'plot.jpg'));
  await screen.findByRole('img', { name: 'plot.jpg' });
  await user.click(next());
  await screen.findByRole('heading', { level: 2, name: 'Add Information' });
  await fill(user, 'Property Title *', 'Plot near the lake');
  await fill(user, 'Description *', 'Flat land with road access.');
  await fill(user, 'Price (฿) *', '9000000');
  for (const [label, value] of [
    ['Bedrooms *', '0'],
    ['Bathrooms *', '0'],
    ['Kitchen *', '0'],
  ] as const) {
    if (screen.queryByLabelText(label)) await fill(user, label, value);
  }
}

const areaGroup = () => screen.getByRole('group', { name: 'Area *' });

describe('land area in rai, ngan and square wah (issue 16)', () => {
  it('sends 3,600 m² for 2 rai 1 ngan entered in rai·ngan·sq wah', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await landToStepThree(user);
    // English starts in m²; the unit choice is a labelled radio group per field.
    const unit = screen.getByRole('group', { name: 'Unit for area' });
    expect(within(unit).getByRole('radio', { name: 'm²' })).toBeChecked();
    await user.click(within(unit).getByRole('radio', { name: 'rai · ngan · sq wah' }));
    await fill(user, 'Rai', '2', within(areaGroup()));
    await fill(user, 'Ngan', '1', within(areaGroup()));
    expect(within(areaGroup()).getByText('Saved as 3,600 m²')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const body = FakeXhr.last().body as FormData;
    expect(body.get('area')).toBe('3600');
    expect(body.get('area_unit')).toBe('sqm');
  });

  it('refuses 4 ngan and a negative rai in the person’s language, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await landToStepThree(user);
    await user.click(
      within(screen.getByRole('group', { name: 'Unit for area' })).getByRole('radio', { name: 'rai · ngan · sq wah' }),
    );
    await fill(user, 'Rai', '2', within(areaGroup()));
    await fill(user, 'Ngan', '4', within(areaGroup()));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(FakeXhr.sent).toHaveLength(0);
    const rai = within(areaGroup()).getByLabelText('Rai');
    await waitFor(() => expect(rai).toHaveFocus());
    expect(areaGroup()).toHaveAccessibleDescription('Ngan must be a whole number from 0 to 3 (4 ngan = 1 rai).');

    await act(() => changeLanguage('th'));
    const thaiArea = screen.getByRole('group', { name: 'พื้นที่ *' });
    await user.clear(within(thaiArea).getByLabelText('งาน'));
    await user.clear(within(thaiArea).getByLabelText('ไร่'));
    await user.type(within(thaiArea).getByLabelText('ไร่'), '-1');
    await user.click(screen.getByRole('button', { name: /^ส่ง/ }));
    expect(FakeXhr.sent).toHaveLength(0);
    await waitFor(() => expect(thaiArea).toHaveAccessibleDescription('ไร่ต้องไม่ติดลบ'));
  });

  it('starts in rai·ngan·sq wah for a Thai reader', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await landToStepThree(user);
    await act(() => changeLanguage('th'));
    const unit = screen.getByRole('group', { name: 'หน่วยของพื้นที่' });
    expect(within(unit).getByRole('radio', { name: 'ไร่ · งาน · ตารางวา' })).toBeChecked();
    const area = screen.getByRole('group', { name: 'พื้นที่ *' });
    for (const label of ['ไร่', 'งาน', 'ตารางวา']) expect(within(area).getByLabelText(label)).toHaveValue('');
  });

  it('pre-fills 2 rai 1 ngan 0 sq wah when editing a listing of 3,600 m² in Thai (and 1 rai 50 sq wah for 1,800 m²)', async () => {
    const user = userEvent.setup({ delay: null });
    const land = makeProperty(12, {
      title: 'Plot near the lake',
      type: 'sale',
      property_type: 'commercial',
      property_sub_type: 'land',
      location: 'Sukhumvit, Khlong Toei, Bangkok',
      area: 3600,
      lot_area: 1800,
      level: 0,
      floors: 0,
      images: [{ id: 101, image_path: '/uploads/p101-640.webp', width: 640, height: 480, srcset: '' }],
    });
    stubApi({ listings: [land], quota: { quota: 5, used: 0, left: 5, premium: 0 } });
    // As the other edit tests: the page opens, then the reader switches to Thai.
    await renderApp('/edit-property/12', SESSION);
    await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
    await act(() => changeLanguage('th'));
    // Through to the third step whatever the buttons are called in Thai.
    const nextButton = () =>
      screen.getAllByRole('button').find((button) => button.textContent === i18n.t('property:wizard.next'));
    await user.click(nextButton() as HTMLElement);
    await user.click(nextButton() as HTMLElement);
    const area = await screen.findByRole('group', { name: 'พื้นที่ *' }, { timeout: 15_000 });
    expect(within(area).getByLabelText('ไร่')).toHaveValue('2');
    expect(within(area).getByLabelText('งาน')).toHaveValue('1');
    expect(within(area).getByLabelText('ตารางวา')).toHaveValue('0');
    const lot = screen.getByRole('group', { name: i18n.t('listings:detail.lotArea') });
    expect(within(lot).getByLabelText('ไร่')).toHaveValue('1');
    expect(within(lot).getByLabelText('งาน')).toHaveValue('0');
    expect(within(lot).getByLabelText('ตารางวา')).toHaveValue('50');
  });
});
