import { MAX_PHOTOS, PROPERTY_SUB_TYPES } from '@baan/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../../i18n';
import { FakeXhr, GIF_BYTES, imageFile, installObjectUrls, JPEG_BYTES, PNG_BYTES } from './fake-xhr';
import { completeStepOne, featuredChoice, next, renderWizard } from './wizard-helpers';

type User = ReturnType<typeof userEvent.setup>;

// Whole journeys through three steps with typing; the shared 2-core machine needs more than the 5 s default.
vi.setConfig({ testTimeout: 60_000 });

beforeEach(async () => {
  FakeXhr.install();
  installObjectUrls();
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});

async function toStepThree(user: User, { cover = true } = {}) {
  await completeStepOne(user);
  await user.click(next());
  if (cover) await user.upload(screen.getByLabelText('Choose cover photo'), imageFile(JPEG_BYTES, 'front.jpg'));
  if (cover) await screen.findByRole('img', { name: 'front.jpg' });
  await user.click(next());
  await screen.findByRole('heading', { level: 2, name: 'Add Information' });
}

/** Pastes rather than types (one input event per field): these journeys are long enough already. */
async function fill(user: User, label: string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

async function fillStepThree(user: User) {
  await fill(user, 'Property Title *', 'Sunny condo near Asok');
  await fill(user, 'Description *', 'Two bedrooms, high floor, pool.');
  await fill(user, 'Price (฿) *', '4500000');
  for (const [label, value] of [
    ['Area (m²) *', '72'],
    ['Level *', '18'],
    ['Bedrooms *', '2'],
    ['Bathrooms *', '2'],
    ['Kitchen *', '1'],
    ['Floors *', '1'],
  ] as const) {
    await fill(user, label, value);
  }
}

function toastTexts(): string[] {
  return screen.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
}

describe('add-property wizard: steps', () => {
  it('shows the three steps, Back disabled on step 1, and Next only once all five choices are made', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    const stepper = screen.getByRole('navigation', { name: 'Progress' });
    expect(
      within(stepper)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Define your place'),
      expect.stringContaining('Add media'),
      expect.stringContaining('Add Information'),
    ]);
    expect(within(stepper).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(next()).toBeDisabled();
    expect(next()).toHaveAccessibleDescription(
      /Choose the user type, property type, sale or rent, sub type and location/,
    );

    await completeStepOne(user, { skipLocation: true });
    expect(next()).toBeDisabled();
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Sukh');
    await user.click(await screen.findByRole('option', { name: /Sukhumvit/ }));
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Sukhumvit, Khlong Toei, Bangkok');
    expect(next()).toBeEnabled();

    await user.click(next());
    expect(await screen.findByRole('heading', { level: 2, name: 'Add media' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
    await user.click(next());
    await screen.findByRole('heading', { level: 2, name: 'Add Information' });
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();

    // Back keeps what was chosen.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'Sale' })).toBeChecked();
    expect(next()).toBeEnabled();
  });

  it('offers every sub type of the one list under the property type it fits, and the available date defaults to today', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    const group = () => screen.getByRole('group', { name: 'Sub type' });
    const offered = () =>
      within(group())
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value'));
    // Before a property type is chosen: all twelve, as search and the home page show them.
    expect(offered()).toEqual([...PROPERTY_SUB_TYPES]);
    await user.click(screen.getByRole('radio', { name: 'Residential' }));
    expect(offered()).toEqual(
      expect.arrayContaining(['condo', 'house', 'townhouse', 'twinhouse', 'villa', 'bungalow', 'land']),
    );
    expect(offered()).not.toContain('shophouse');
    expect(offered()).not.toContain('office');
    // The names the home page and search use: a detached house is "House", a twin house "Twin house".
    expect(within(group()).getByRole('radio', { name: 'House' })).toHaveAttribute('value', 'house');
    expect(within(group()).getByRole('radio', { name: 'Twin house' })).toHaveAttribute('value', 'twinhouse');
    await user.click(screen.getByRole('radio', { name: 'Commercial' }));
    expect(offered()).toEqual(['land', 'shophouse', 'office', 'home_office']);
    await user.click(within(group()).getByRole('radio', { name: 'Shophouse' }));
    // A shophouse is no residential choice: going back to Residential clears it rather than keeping it hidden.
    await user.click(screen.getByRole('radio', { name: 'Residential' }));
    expect(within(group()).queryByRole('radio', { checked: true })).toBeNull();
    // Land fits either: it stays chosen across the switch.
    await user.click(within(group()).getByRole('radio', { name: 'Land' }));
    await user.click(screen.getByRole('radio', { name: 'Commercial' }));
    expect(within(group()).getByRole('radio', { name: 'Land' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Residential' }));
    await toStepThree(user);
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(screen.getByLabelText('Available Date')).toHaveValue(today);
    // The picker offers only the dates the API accepts.
    expect(screen.getByLabelText('Available Date')).toHaveAttribute('min', '1900-01-01');
    expect(screen.getByLabelText('Available Date')).toHaveAttribute('max', '2200-12-31');
    expect(featuredChoice('No')).toBeChecked();
    const languages = screen.getByRole('group', { name: 'Listing language' });
    expect(within(languages).getAllByRole('button')).toHaveLength(7);
    expect(within(languages).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(languages).getByRole('button', { name: 'ไทย' }));
    expect(within(languages).getByRole('button', { name: 'ไทย' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(languages).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('add-property wizard: validation', () => {
  it('marks every missing field at once, each with its message as a sentence, and focuses the first', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await toStepThree(user, { cover: false });
    const submit = () => user.click(screen.getByRole('button', { name: 'Submit' }));

    await submit();
    const stepThree: [string, string, string][] = [
      ['Property Title *', 'Title is required', 'A title'],
      ['Description *', 'Description is required', 'A description'],
      ['Price (฿) *', 'Price is required', '100'],
      ['Area (m²) *', 'Area is required', '50'],
      ['Level *', 'Level is required', '3'],
      ['Bedrooms *', 'Bedrooms is required', '1'],
      ['Bathrooms *', 'Bathrooms is required', '1'],
      ['Kitchen *', 'Kitchen is required', '1'],
      ['Floors *', 'Floors is required', '1'],
    ];
    for (const [label, message] of stepThree) {
      const field = screen.getByLabelText(label);
      expect(field, label).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    // The first in the check's order has the focus; the toast counts them all (the cover of step 2 too).
    expect(screen.getByLabelText('Property Title *')).toHaveFocus();
    await waitFor(() => expect(toastTexts()).toContain('Please correct the 10 highlighted fields.'));

    for (const [label, , value] of stepThree) {
      const field = screen.getByLabelText(label);
      await user.type(field, value);
      // Typing clears the field's error.
      expect(field).not.toHaveAttribute('aria-invalid');
    }
    expect(FakeXhr.sent).toHaveLength(0);

    // The cover is left: the wizard goes back to the photos step, where it was marked all along.
    await submit();
    expect(await screen.findByRole('heading', { level: 2, name: 'Add media' })).toBeInTheDocument();
    const cover = await screen.findByLabelText('Choose cover photo');
    expect(cover).toHaveAttribute('aria-invalid', 'true');
    expect(cover).toHaveAccessibleDescription(expect.stringContaining('Cover photo is required'));
    expect(cover).toHaveFocus();
    await waitFor(() => expect(toastTexts()).toContain('Cover photo is required'));
    await user.upload(cover, imageFile(JPEG_BYTES, 'front.jpg'));
    await screen.findByRole('img', { name: 'front.jpg' });
    expect(cover).not.toHaveAttribute('aria-invalid');
    await user.click(next());
    expect(FakeXhr.sent).toHaveLength(0);
    await submit();
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it("refuses a title with a hidden text-direction mark, saying so in the person's language, and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await toStepThree(user);
    const title = screen.getByLabelText('Property Title *');
    await user.clear(title);
    await user.type(title, 'Sea view \u202Eesuoh');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(title).toHaveAccessibleDescription(
        'Title contains hidden characters (such as text-direction marks). Retype it instead of pasting.',
      ),
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('translates the message (Thai)', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await toStepThree(user);
    await act(() => changeLanguage('th'));
    await user.click(screen.getByRole('button', { name: 'ส่งประกาศ' }));
    const title = await screen.findByLabelText('ชื่อประกาศ *');
    expect(title).toHaveAccessibleDescription('ต้องระบุชื่อประกาศ');
  });
});

describe('add-property wizard: price', () => {
  it('reads "1234567.89" as 1,234,568 whole baht: shows it while typing and after, and sends it', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await toStepThree(user);
    await fillStepThree(user);
    const price = screen.getByLabelText('Price (฿) *');
    await user.clear(price);
    await user.type(price, '1234567.89');
    expect(price).toHaveValue('1234567.89');
    expect(price).toHaveAccessibleDescription('Listed as ฿1,234,568: satang are rounded to the nearest baht');
    await user.tab();
    expect(price).toHaveValue('1,234,568');
    expect(price).toHaveAccessibleDescription('Listed as ฿1,234,568');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(FakeXhr.last().body?.get('price')).toBe('1234568');
  });

  it('takes a pasted "฿2,500,000.00", Thai digits and a utilities figure in baht', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await toStepThree(user);
    await fillStepThree(user);
    const price = screen.getByLabelText('Price (฿) *');
    await user.clear(price);
    await user.paste('฿2,500,000.00');
    await user.tab();
    expect(price).toHaveValue('2,500,000');
    await fill(user, 'Average utilities per month (฿)', '๓,๕๐๐ บาท');
    await user.tab();
    expect(screen.getByLabelText('Average utilities per month (฿)')).toHaveValue('3,500');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(FakeXhr.last().body?.get('price')).toBe('2500000');
    expect(FakeXhr.last().body?.get('avg_utilities')).toBe('3500');
  });

  it('says what is wrong with a price on leaving the field, and sends nothing until it is fixed', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await toStepThree(user);
    await fillStepThree(user);
    const price = screen.getByLabelText('Price (฿) *');
    for (const [typed, message] of [
      ['1.2.3', 'Price must be a number, such as 2,500,000'],
      ['-500', 'Price cannot be negative'],
    ] as const) {
      await user.clear(price);
      await user.type(price, typed);
      await user.tab();
      expect(price).toHaveValue(typed);
      expect(price).toHaveAttribute('aria-invalid', 'true');
      expect(price).toHaveAccessibleDescription(message);
    }
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(FakeXhr.sent).toHaveLength(0);
    expect(price).toHaveFocus();
    await act(() => changeLanguage('th'));
    await user.click(screen.getByRole('button', { name: 'ส่งประกาศ' }));
    expect(await screen.findByLabelText('ราคา (฿) *')).toHaveAccessibleDescription('ราคา ต้องไม่ติดลบ');
  });
});

describe('add-property wizard: level, floors and rooms', () => {
  it('asks for the level of a condo but not of a villa, and needs at least one floor', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await toStepThree(user);
    expect(screen.getByLabelText('Level *')).toBeInTheDocument();
    await fillStepThree(user);

    // Back to step 1: a villa has no level.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('radio', { name: 'Villa' }));
    await user.click(next());
    await user.click(next());
    await screen.findByRole('heading', { level: 2, name: 'Add Information' });
    expect(screen.queryByLabelText('Level *')).not.toBeInTheDocument();

    const floors = screen.getByLabelText('Floors *');
    await user.clear(floors);
    await user.type(floors, '0');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(floors).toHaveAccessibleDescription('Floors must be at least 1');
    expect(floors).toHaveFocus();
    expect(FakeXhr.sent).toHaveLength(0);

    await user.clear(floors);
    await user.type(floors, '2');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const body = FakeXhr.last().body as FormData;
    expect(body.get('property_sub_type')).toBe('villa');
    expect(body.get('floors')).toBe('2');
    // The level typed for the condo is not sent for the villa.
    expect(body.has('level')).toBe(false);
  });

  it('lists a detached house (บ้านเดี่ยว): no level asked, sent as house under residential', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await completeStepOne(user);
    await user.click(screen.getByRole('radio', { name: 'House' }));
    await user.click(next());
    await user.upload(screen.getByLabelText('Choose cover photo'), imageFile(JPEG_BYTES, 'front.jpg'));
    await screen.findByRole('img', { name: 'front.jpg' });
    await user.click(next());
    await screen.findByRole('heading', { level: 2, name: 'Add Information' });
    expect(screen.queryByLabelText('Level *')).not.toBeInTheDocument();
    await fill(user, 'Property Title *', 'Family house with garden');
    await fill(user, 'Description *', 'Three bedrooms, quiet soi.');
    await fill(user, 'Price (฿) *', '5900000');
    for (const [label, value] of [
      ['Area (m²) *', '180'],
      ['Bedrooms *', '3'],
      ['Bathrooms *', '2'],
      ['Kitchen *', '1'],
      ['Floors *', '2'],
    ] as const) {
      await fill(user, label, value);
    }
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const body = FakeXhr.last().body as FormData;
    expect(body.get('property_sub_type')).toBe('house');
    expect(body.get('property_type')).toBe('residential');
    expect(body.has('level')).toBe(false);
  });

  it("labels house information with the listing page's words and unit, and names it so in messages", async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await toStepThree(user);
    await fillStepThree(user);
    await act(() => changeLanguage('th'));
    expect(screen.getByLabelText('พื้นที่ (ตร.ม.) *')).toHaveValue('72');
    expect(screen.getByLabelText('ค่าสาธารณูปโภคเฉลี่ยต่อเดือน (฿)')).toBeInTheDocument();
    const floors = screen.getByLabelText('จำนวนชั้น *');
    await user.clear(floors);
    await user.type(floors, '0');
    await user.click(screen.getByRole('button', { name: 'ส่งประกาศ' }));
    expect(floors).toHaveAccessibleDescription('จำนวนชั้น ต้องไม่น้อยกว่า 1');
    await act(() => changeLanguage('zh'));
    expect(screen.getByLabelText('面积（平方米） *')).toHaveValue('72');
  });

  it('a room block with a type and no count (or a count and no type) is a field error, not dropped', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await toStepThree(user);
    await fillStepThree(user);
    expect(screen.queryByRole('button', { name: /Remove room/ })).not.toBeInTheDocument();

    const addRoom = screen.getByRole('button', { name: 'Add room' });
    await user.click(addRoom);
    await user.click(addRoom);
    await user.click(addRoom);
    expect(screen.getAllByRole('button', { name: /Remove room/ })).toHaveLength(4);

    await user.selectOptions(screen.getByLabelText('Room 1 type'), 'bedroom');
    await user.type(screen.getByLabelText('Room 1 count'), '2');
    await user.selectOptions(screen.getByLabelText('Room 2 type'), 'bathroom'); // no count
    await user.type(screen.getByLabelText('Room 3 count'), '1'); // no type
    // Room 4 stays blank: not a room, not an error.

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(FakeXhr.sent).toHaveLength(0);
    const count2 = screen.getByLabelText('Room 2 count');
    expect(count2).toHaveAttribute('aria-invalid', 'true');
    expect(count2).toHaveAccessibleDescription('Room 2: enter how many, or clear its type');
    expect(count2).toHaveFocus();
    // Both half-filled blocks are marked at once.
    const type3 = screen.getByLabelText('Room 3 type');
    expect(type3).toHaveAttribute('aria-invalid', 'true');
    expect(type3).toHaveAccessibleDescription('Room 3: choose a type, or clear its count');
    await waitFor(() => expect(toastTexts()).toContain('Please correct the 2 highlighted fields.'));

    await user.type(count2, '๑');
    expect(count2).not.toHaveAttribute('aria-invalid');
    expect(type3).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(type3).toHaveAccessibleDescription('Room 3: choose a type, or clear its count');
    expect(type3).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove room 3' }));
    expect(screen.getAllByRole('button', { name: /Remove room/ })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const body = FakeXhr.last().body;
    const rooms = [...(body?.entries() ?? [])].filter(([key]) => key.startsWith('rooms'));
    expect(rooms).toEqual([
      ['rooms[0][type]', 'bedroom'],
      ['rooms[0][quantity]', '2'],
      ['rooms[1][type]', 'bathroom'],
      ['rooms[1][quantity]', '1'],
    ]);
  });

  it('never lets the last room block go', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await toStepThree(user);
    await user.click(screen.getByRole('button', { name: 'Add room' }));
    await user.click(screen.getByRole('button', { name: 'Remove room 1' }));
    expect(screen.queryByRole('button', { name: /Remove room/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Room 1 type')).toBeInTheDocument();
  });
});

describe('add-property wizard: photos', () => {
  it('refuses a text file named .jpg and accepts a PNG named .jpg, by content', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await completeStepOne(user);
    await user.click(next());
    const cover = screen.getByLabelText('Choose cover photo');

    const fake = new File(['this is not a photo, only text pretending'], 'house.jpg', { type: 'image/jpeg' });
    await user.upload(cover, fake);
    const message = 'house.jpg was not added: it is not a JPEG, PNG or GIF image.';
    await waitFor(() => expect(cover).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(cover).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(toastTexts()).toContain(message));
    expect(screen.queryByRole('img', { name: 'house.jpg' })).not.toBeInTheDocument();

    await user.upload(cover, imageFile(PNG_BYTES, 'house.jpg'));
    expect(await screen.findByRole('img', { name: 'house.jpg' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(cover).not.toHaveAttribute('aria-invalid');
  });

  it('adds other photos (GIF too), removes one by its named button and revokes its preview', async () => {
    const user = userEvent.setup({ delay: null });
    const revoke = installObjectUrls();
    await renderWizard();
    await completeStepOne(user);
    await user.click(next());
    await user.upload(screen.getByLabelText('Choose photos'), [
      imageFile(JPEG_BYTES, 'kitchen.jpg'),
      imageFile(GIF_BYTES, 'plan.gif', 'image/gif'),
      new File(['%PDF-1.7'], 'brochure.png', { type: 'image/png' }),
    ]);
    await screen.findByRole('img', { name: 'plan.gif' });
    expect(screen.getByRole('img', { name: 'kitchen.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'brochure.png' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choose photos')).toHaveAccessibleDescription(
      expect.stringContaining('brochure.png was not added'),
    );

    await user.click(screen.getByRole('button', { name: 'Remove photo 1 (kitchen.jpg)' }));
    expect(screen.queryByRole('img', { name: 'kitchen.jpg' })).not.toBeInTheDocument();
    expect(revoke).toHaveBeenCalledWith('blob:preview-1');
  });

  it('refuses files over 50 MB without reading them', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await completeStepOne(user);
    await user.click(next());
    const big = imageFile(JPEG_BYTES, 'huge.jpg');
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('Choose cover photo'), big);
    await waitFor(() => expect(toastTexts()).toContain('huge.jpg was not added: it is larger than 50 MB.'));
  });

  it(`keeps at most ${MAX_PHOTOS} other photos`, async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await completeStepOne(user);
    await user.click(next());
    const files = Array.from({ length: MAX_PHOTOS + 2 }, (_, i) => imageFile(JPEG_BYTES, `p${i}.jpg`));
    await user.upload(screen.getByLabelText('Choose photos'), files);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Remove photo/ })).toHaveLength(MAX_PHOTOS), {
      timeout: 10_000,
    });
    expect(screen.getByLabelText('Choose photos')).toBeDisabled();
    await waitFor(() =>
      expect(toastTexts()).toContain(`Only ${MAX_PHOTOS} other photos can be added; the rest were left out.`),
    );
  });
});

describe('add-property wizard: submit', () => {
  it('sends multipart with the wire names, the token and the language, shows progress, then resets and goes home', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWizard();
    await completeStepOne(user);
    await user.click(next());
    await user.upload(screen.getByLabelText('Choose cover photo'), imageFile(JPEG_BYTES, 'front.jpg'));
    await user.upload(screen.getByLabelText('Choose photos'), [
      imageFile(PNG_BYTES, 'a.png'),
      imageFile(JPEG_BYTES, 'b.jpg'),
    ]);
    await screen.findByRole('img', { name: 'b.jpg' });
    await user.click(next());
    await fillStepThree(user);
    await user.type(screen.getByLabelText('Average utilities per month (฿)'), '2500');
    await user.click(featuredChoice('Yes'));
    await user.selectOptions(screen.getByLabelText('Title deed'), 'Chanote (title deed)');
    await user.click(
      within(screen.getByRole('group', { name: 'Foreign quota available' })).getByRole('radio', { name: 'Yes' }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/property');
    expect(xhr.headers.Authorization).toBe('Bearer test-token');
    expect(xhr.headers['Accept-Language']).toBe('en');
    const body = xhr.body as FormData;
    const text = Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string'));
    expect(text).toMatchObject({
      type: 'sale',
      user_type: 'owner',
      property_type: 'residential',
      property_sub_type: 'condo',
      location: 'Sukhumvit, Khlong Toei, Bangkok',
      lat: '13.7376',
      lon: '100.5601',
      title: 'Sunny condo near Asok',
      description: 'Two bedrooms, high floor, pool.',
      price: '4500000',
      area: '72',
      area_unit: 'sqm',
      level: '18',
      bed_rooms: '2',
      bath_rooms: '2',
      kitchen: '1',
      floors: '1',
      avg_utilities: '2500',
      language: 'en',
      is_featured: '1',
      foreign_quota: '1',
      title_deed: 'chanote',
    });
    expect(text.availability_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((body.get('cover_image') as File).name).toBe('front.jpg');
    expect((body.get('images[0]') as File).name).toBe('a.png');
    expect((body.get('images[1]') as File).name).toBe('b.jpg');

    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    act(() => xhr.progress(30, 100));
    expect(await screen.findByRole('progressbar', { name: 'Uploading photos' })).toHaveAttribute('aria-valuenow', '30');
    act(() => xhr.progress(100, 100));
    expect(screen.getByRole('progressbar', { name: 'Preparing your photos…' })).toHaveAttribute('aria-valuenow', '100');

    act(() =>
      xhr.respond(201, {
        success: true,
        message: 'Property listed successfully!',
        payload: { id: 7, review: 'approved', review_reasons: [] },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(toastTexts()).toContain('Property listed successfully!'));

    // Back on the wizard, everything starts over.
    await act(() => router.navigate('/add-property'));
    await screen.findByRole('heading', { level: 2, name: 'Define your place' });
    expect(screen.getByRole('radio', { name: 'Owner' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('');
  });

  it("says a listing held for review was received, and goes to the owner's list rather than home", async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWizard({ listings: [] });
    await toStepThree(user);
    await fillStepThree(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // The server's own message says "listed" whatever the review; the wizard says what happens next instead.
    act(() =>
      FakeXhr.last().respond(201, {
        success: true,
        message: 'Property listed successfully!',
        payload: { id: 8, review: 'pending', review_reasons: ['new_owner'] },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/properties'));
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'Your listing was received. Baan checks it before it goes live; we will e-mail you the decision.',
      ),
    );
    expect(toastTexts()).not.toContain('Property listed successfully!');

    // The draft is gone: the wizard starts over.
    await act(() => router.navigate('/add-property'));
    await screen.findByRole('heading', { level: 2, name: 'Define your place' });
    expect(screen.getByRole('radio', { name: 'Owner' })).not.toBeChecked();
  });

  it('leaves the first try’s "please correct the fields" behind on the way to My properties (issue 21)', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWizard({ listings: [] });
    await toStepThree(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const missing = () => toastTexts().find((text) => /^Please correct the \d+ highlighted fields\.$/.test(text));
    await waitFor(() => expect(missing()).toBeDefined());
    const firstTry = missing() as string;
    await fillStepThree(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    act(() =>
      FakeXhr.last().respond(201, {
        success: true,
        message: 'Property listed successfully!',
        payload: { id: 9, review: 'pending', review_reasons: ['new_owner'] },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/properties'));
    // Dismissed toasts leave with an exit animation (which jsdom never ends): only those not leaving are shown.
    const shown = () =>
      screen
        .queryAllByRole('alert')
        .filter((alert) => !alert.closest('.Toastify__toast')?.className.includes('--exit'))
        .map((alert) => alert.textContent ?? '');
    await waitFor(() => expect(shown()).not.toContain(firstTry));
    expect(shown()).toContain(
      'Your listing was received. Baan checks it before it goes live; we will e-mail you the decision.',
    );
  });

  it("puts the server's 400 errors on the fields", async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await toStepThree(user);
    await fillStepThree(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    act(() =>
      FakeXhr.last().respond(400, {
        success: false,
        message: 'Please check the highlighted fields.',
        errors: { price: ['price must be at most 2,000,000,000'], bed_rooms: ['bed rooms must be at most 100'] },
      }),
    );
    const price = await screen.findByLabelText('Price (฿) *');
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
    expect(price).toHaveAccessibleDescription(expect.stringContaining('price must be at most 2,000,000,000'));
    expect(screen.getByLabelText('Bedrooms *')).toHaveAccessibleDescription('bed rooms must be at most 100');
    await waitFor(() => expect(toastTexts()).toContain('Please check the highlighted fields.'));
  });

  it('sends someone without an active package to /select-package', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWizard();
    await toStepThree(user);
    await fillStepThree(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    act(() =>
      FakeXhr.last().respond(403, {
        success: false,
        message: 'An active package is needed to add a listing. Choose a package first.',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-package'));
    await waitFor(() =>
      expect(toastTexts()).toContain('An active package is needed to add a listing. Choose a package first.'),
    );
  });

  it('says so when the request fails, and when the server gives no message', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await toStepThree(user);
    await fillStepThree(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    act(() => FakeXhr.last().fail());
    await waitFor(() => expect(toastTexts()).toContain('Submission failed. Please check all fields and try again.'));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    act(() => FakeXhr.last().respond(500, {}));
    await waitFor(() => expect(toastTexts()).toContain('Error listing property'));
  });
});

describe('add-property wizard: title deed and foreign quota', () => {
  it('offers every title deed (optional) to all, and asks about foreign quota for a condo only', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await completeStepOne(user);
    await user.click(next());
    await user.upload(screen.getByLabelText('Choose cover photo'), imageFile(JPEG_BYTES, 'front.jpg'));
    await user.click(next());
    const deed = screen.getByLabelText('Title deed');
    expect(
      within(deed)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Not stated',
      'Chanote (title deed)',
      'Nor Sor 3 Gor (surveyed right of use)',
      'Nor Sor 3 (right of use)',
      'Sor Por Kor 4-01 (land reform)',
      'Other',
    ]);
    expect(deed).toHaveValue('');
    const quota = screen.getByRole('group', { name: 'Foreign quota available' });
    expect(within(quota).getByRole('radio', { name: 'No' })).toBeChecked();

    // A villa has no foreign quota to give.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('radio', { name: 'Villa' }));
    await user.click(next());
    await user.click(next());
    expect(screen.queryByRole('group', { name: 'Foreign quota available' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title deed')).toBeInTheDocument();
  });

  it('shows the title deed names in Thai', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard();
    await completeStepOne(user);
    await user.click(next());
    await user.upload(screen.getByLabelText('Choose cover photo'), imageFile(JPEG_BYTES, 'front.jpg'));
    await user.click(next());
    await act(() => changeLanguage('th'));
    const deed = await screen.findByLabelText('เอกสารสิทธิ์');
    expect(within(deed).getByRole('option', { name: 'โฉนดที่ดิน (น.ส. 4 จ.)' })).toBeInTheDocument();
    expect(within(deed).getByRole('option', { name: 'ส.ป.ก. 4-01' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'มีโควตาต่างชาติ' })).toBeInTheDocument();
  });
});
