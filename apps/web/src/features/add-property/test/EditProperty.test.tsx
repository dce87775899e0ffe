import type { FeaturedQuota, OwnProperty, Property } from '@baan/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../../i18n';
import { makeProperty } from '../../../test/properties';
import { renderApp } from '../../../test/render-app';
import { FakeXhr, imageFile, installObjectUrls, JPEG_BYTES } from './fake-xhr';
import { completeStepOne, featuredChoice, next, renderWizard, SESSION, stubApi } from './wizard-helpers';

type User = ReturnType<typeof userEvent.setup>;

// Whole journeys through three steps; the shared 2-core machine needs more than the 5 s default.
vi.setConfig({ testTimeout: 60_000 });

const photo = (id: number) => ({
  id,
  image_path: `/uploads/p${id}-640.webp`,
  width: 640,
  height: 480,
  srcset: `/uploads/p${id}-320.webp 320w, /uploads/p${id}-640.webp 640w`,
});

/** One of the owner's listings: a condo for sale with four photos (101 is the cover), a room and house information. */
const LISTING: Property = makeProperty(12, {
  title: 'Sunny condo near Asok',
  description: 'Two bedrooms, high floor, pool.',
  type: 'sale',
  property_sub_type: 'condo',
  location: 'Sukhumvit, Khlong Toei, Bangkok',
  lat: 13.7376,
  lon: 100.5601,
  price: 4_500_000,
  area: 72,
  level: 18,
  bed_rooms: 2,
  bath_rooms: 2,
  kitchen: 1,
  floors: 1,
  living_space: 70,
  avg_utilities: 2_500,
  availability_date: '2026-06-01',
  images: [photo(101), photo(102), photo(103), photo(104)],
  cover_image: '/uploads/p101-640.webp',
  rooms: [{ type: 'bedroom', quantity: 2 }],
});

const QUOTA = (quota: number, used: number): FeaturedQuota => ({ quota, used, left: quota - used, premium: 0 });

beforeEach(async () => {
  FakeXhr.install();
  installObjectUrls();
  localStorage.clear();
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});

async function renderEdit(listing: Partial<Property> = {}, quota: FeaturedQuota = QUOTA(5, 3)) {
  stubApi({ listings: [{ ...LISTING, ...listing }], quota });
  const view = await renderApp('/edit-property/12', SESSION);
  await screen.findByRole('heading', { level: 1, name: 'Edit your listing' }, { timeout: 15_000 });
  await screen.findByRole('heading', { level: 2, name: 'Define your place' });
  return view;
}

async function toStep(user: User, name: 'Add media' | 'Add Information') {
  await user.click(next());
  if (name === 'Add Information') await user.click(next());
  await screen.findByRole('heading', { level: 2, name });
}

/** The text fields of the last request, in the order sent. */
function sentText(): [string, string][] {
  const body = FakeXhr.last().body as FormData;
  return [...body.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
}

const toastTexts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
const photoNames = () => within(screen.getByRole('region', { name: 'Current photos' })).getAllByRole('img');

describe('editing a listing', () => {
  it('opens the three steps filled in with every field, the rooms included', async () => {
    const user = userEvent.setup({ delay: null });
    await renderEdit();
    expect(screen.getByText('Sunny condo near Asok')).toBeInTheDocument();
    for (const name of ['Owner', 'Residential', 'Sale', 'Condo']) {
      expect(screen.getByRole('radio', { name })).toBeChecked();
    }
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Sukhumvit, Khlong Toei, Bangkok');

    await toStep(user, 'Add media');
    expect(photoNames().map((img) => img.getAttribute('alt'))).toEqual(['Photo 1', 'Photo 2', 'Photo 3', 'Photo 4']);
    expect(photoNames()[0]).toHaveAttribute('src', '/uploads/p101-640.webp');
    expect(within(screen.getByRole('region', { name: 'Current photos' })).getByText('Cover')).toBeInTheDocument();
    // The cover can move later but not earlier, and is not offered as the cover again.
    expect(screen.queryByRole('button', { name: 'Move photo 1 earlier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make cover (photo 1)' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make cover (photo 2)' })).toBeInTheDocument();
    // No cover picker in an edit: the cover is one of the photos.
    expect(screen.queryByLabelText('Choose cover photo')).not.toBeInTheDocument();

    await user.click(next());
    await screen.findByRole('heading', { level: 2, name: 'Add Information' });
    const values = {
      'Property Title *': 'Sunny condo near Asok',
      'Description *': 'Two bedrooms, high floor, pool.',
      'Price (฿) *': '4,500,000',
      'Available Date': '2026-06-01',
      'Area (m²) *': '72',
      'Level *': '18',
      'Bedrooms *': '2',
      'Bathrooms *': '2',
      'Kitchen *': '1',
      'Floors *': '1',
      'Living space (m²)': '70',
      'Lot area (m²)': '',
      'Average utilities per month (฿)': '2,500',
      'Room 1 count': '2',
    };
    for (const [label, value] of Object.entries(values)) expect(screen.getByLabelText(label), label).toHaveValue(value);
    expect(screen.getByLabelText('Room 1 type')).toHaveValue('bedroom');
    expect(featuredChoice('No')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });

  it('offers a house among the residential sub types, checked', async () => {
    await renderEdit({ property_sub_type: 'house', property_type: 'residential', level: 0, floors: 2 });
    expect(screen.getByRole('radio', { name: 'House' })).toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Sub type' })).getAllByRole('radio')).toHaveLength(10);
  });

  it('keeps a stored sub type that does not fit the property type (a residential shophouse sent through the API)', async () => {
    await renderEdit({ property_sub_type: 'shophouse', property_type: 'residential', level: 0, floors: 3 });
    expect(screen.getByRole('radio', { name: 'Shophouse' })).toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Sub type' })).getAllByRole('radio')).toHaveLength(11);
  });

  it('sends PATCH with only the changed price, then returns to My properties with a toast', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderEdit();
    await toStep(user, 'Add Information');
    const price = screen.getByLabelText('Price (฿) *');
    await user.clear(price);
    await user.paste('4200000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('PATCH');
    expect(xhr.url).toBe('/api/property/12');
    expect(xhr.headers.Authorization).toBe('Bearer test-token');
    expect(sentText()).toEqual([['price', '4200000']]);
    expect([...(xhr.body as FormData).values()].some((value) => value instanceof File)).toBe(false);

    act(() =>
      xhr.respond(200, { success: true, message: 'Listing updated.', payload: { ...LISTING, price: 4_200_000 } }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/properties'));
    await waitFor(() => expect(toastTexts()).toContain('Listing updated.'));
  });

  it('pre-fills the title deed and foreign quota, and sends only the one changed', async () => {
    const user = userEvent.setup({ delay: null });
    await renderEdit({ title_deed: 'chanote', foreign_quota: 1 });
    await toStep(user, 'Add Information');
    expect(screen.getByLabelText('Title deed')).toHaveValue('chanote');
    const quota = screen.getByRole('group', { name: 'Foreign quota available' });
    expect(within(quota).getByRole('radio', { name: 'Yes' })).toBeChecked();
    await user.click(within(quota).getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(FakeXhr.last().method).toBe('PATCH');
    expect(sentText()).toEqual([['foreign_quota', '0']]);
  });

  it('sends a title deed taken away as empty (cleared)', async () => {
    const user = userEvent.setup({ delay: null });
    await renderEdit({ title_deed: 'nor_sor_3' });
    await toStep(user, 'Add Information');
    await user.selectOptions(screen.getByLabelText('Title deed'), 'Not stated');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(sentText()).toEqual([['title_deed', '']]);
  });

  it('removes the listing’s project (building) and sends it empty, the place kept', async () => {
    const user = userEvent.setup({ delay: null });
    await renderEdit({
      project: { id: 11, slug: 'noble-ploenchit-demo', name_en: 'Noble Ploenchit (demo)', name_th: null },
    });
    expect(screen.getByText('Noble Ploenchit (demo)', { selector: 'strong' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove the project Noble Ploenchit (demo)' }));
    expect(screen.queryByText('Noble Ploenchit (demo)', { selector: 'strong' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Sukhumvit, Khlong Toei, Bangkok');
    await toStep(user, 'Add Information');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(FakeXhr.last().method).toBe('PATCH');
    expect(sentText()).toEqual([['project_id', '']]);
  });

  it('sends nothing about the project when it is kept', async () => {
    const user = userEvent.setup({ delay: null });
    await renderEdit({
      project: { id: 11, slug: 'noble-ploenchit-demo', name_en: 'Noble Ploenchit (demo)', name_th: null },
    });
    await toStep(user, 'Add Information');
    await user.clear(screen.getByLabelText('Price (฿) *'));
    await user.paste('4200000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(sentText()).toEqual([['price', '4200000']]);
  });

  it('removes a photo, makes another the cover, reorders, adds one, and sends the ids', async () => {
    const user = userEvent.setup({ delay: null });
    await renderEdit();
    await toStep(user, 'Add media');

    await user.click(screen.getByRole('button', { name: 'Remove photo 4' }));
    expect(photoNames()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Make cover (photo 3)' }));
    expect(photoNames().map((img) => img.getAttribute('src'))).toEqual([
      '/uploads/p103-640.webp',
      '/uploads/p101-640.webp',
      '/uploads/p102-640.webp',
    ]);
    const later = screen.getByRole('button', { name: 'Move photo 2 later' });
    await user.click(later);
    expect(photoNames().map((img) => img.getAttribute('src'))).toEqual([
      '/uploads/p103-640.webp',
      '/uploads/p102-640.webp',
      '/uploads/p101-640.webp',
    ]);
    // The moved photo is now the last: the keyboard stays on it, on the button that takes it back.
    expect(screen.getByRole('button', { name: 'Move photo 3 earlier' })).toHaveFocus();

    await user.upload(screen.getByLabelText('Choose photos'), imageFile(JPEG_BYTES, 'garden.jpg'));
    await screen.findByRole('img', { name: 'garden.jpg' });

    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(sentText()).toEqual([
      ['remove_image_ids[0]', '104'],
      ['cover_image_id', '103'],
      ['image_order[0]', '103'],
      ['image_order[1]', '102'],
      ['image_order[2]', '101'],
    ]);
    expect((FakeXhr.last().body as FormData).get('images[0]')).toHaveProperty('name', 'garden.jpg');
  });

  it('needs a photo to be kept or added', async () => {
    const user = userEvent.setup({ delay: null });
    await renderEdit({ images: [photo(101)] });
    await toStep(user, 'Add media');
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.getByText(/None of the current photos is kept/)).toBeInTheDocument();
    expect(screen.getByLabelText('Choose photos')).toHaveFocus();
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const picker = await screen.findByLabelText('Choose photos');
    expect(picker).toHaveAccessibleDescription(
      expect.stringContaining('Keep or add at least one photo: the first one is the cover.'),
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('keeps its draft apart from a new listing’s draft', async () => {
    const user = userEvent.setup({ delay: null });
    const created = JSON.stringify({
      version: 1,
      step: 0,
      form: {
        user_type: 'agent',
        propertyType: 'commercial',
        propertyStatus: 'rent',
        subType: 'villa',
        location: 'Patong',
        title: 'A new villa',
        description: '',
        price: '',
        availableDate: '',
        language: 'en',
        featured: '0',
        houseInfo: {},
        rooms: [],
      },
      photos: { cover: null, others: [] },
    });
    localStorage.setItem('baan:add-property-draft:1', created);
    await renderEdit();
    // The listing, not the new listing's draft.
    expect(screen.getByRole('radio', { name: 'Owner' })).toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Your draft is back' })).not.toBeInTheDocument();
    await toStep(user, 'Add Information');
    await user.type(screen.getByLabelText('Property Title *'), ' (renovated)');
    await waitFor(() => expect(localStorage.getItem('baan:edit-property-draft:1:12')).toContain('(renovated)'));
    expect(localStorage.getItem('baan:add-property-draft:1')).toBe(created);
  });

  it('says so when the listing is not among the owner’s', async () => {
    stubApi({ listings: [LISTING], quota: QUOTA(5, 0) });
    await renderApp('/edit-property/999', SESSION);
    expect(
      await screen.findByText('This listing is not among yours. It may have been deleted.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Properties' })).toHaveAttribute(
      'href',
      '/dashboard/properties',
    );
  });
});

describe('the featured quota', () => {
  const featuredGroup = () => screen.getByRole('group', { name: 'Featured Property' });

  it('shows how many are left, and closes "Yes" at 0 with the reason', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard({ quota: QUOTA(5, 3) });
    await completeStepOne(user);
    await toStep(user, 'Add Information');
    expect(featuredGroup()).toHaveAccessibleDescription('2 of 5 featured listings left');
    expect(featuredChoice('Yes')).toBeEnabled();
  });

  it('closes "Yes" when the package includes none', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWizard({ quota: QUOTA(0, 0) });
    await completeStepOne(user);
    await toStep(user, 'Add Information');
    expect(featuredGroup()).toHaveAccessibleDescription('Your package includes no featured listings.');
    expect(featuredChoice('Yes')).toBeDisabled();
    expect(featuredChoice('No')).toBeChecked();
  });

  it('closes "Yes" when all are used', async () => {
    const user = userEvent.setup({ delay: null });
    await renderEdit({}, QUOTA(5, 5));
    await toStep(user, 'Add Information');
    expect(featuredGroup()).toHaveAccessibleDescription('All 5 featured listings of your package are in use.');
    expect(featuredChoice('Yes')).toBeDisabled();
  });

  it('lets an already featured listing stay featured, or be turned off', async () => {
    const user = userEvent.setup({ delay: null });
    await renderEdit({ is_featured: 1 }, QUOTA(5, 5));
    await toStep(user, 'Add Information');
    expect(featuredChoice('Yes')).toBeChecked();
    expect(featuredChoice('Yes')).toBeEnabled();
    await user.click(featuredChoice('No'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(sentText()).toEqual([['is_featured', '0']]);
  });

  it("shows the API's 403 over the quota on the choice, in the person's language, without leaving", async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderEdit({}, QUOTA(5, 4));
    await toStep(user, 'Add Information');
    await user.click(featuredChoice('Yes'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(sentText()).toEqual([['is_featured', '1']]);
    act(() => FakeXhr.last().respond(403, { success: false, message: 'Your package allows 5 featured listings.' }));
    const message = 'Your package allows 5 featured listings. Choose No, or stop featuring another listing first.';
    await waitFor(() => expect(featuredGroup()).toHaveAccessibleDescription(expect.stringContaining(message)));
    await waitFor(() => expect(toastTexts()).toContain(message));
    expect(router.state.location.pathname).toBe('/edit-property/12');

    await act(() => changeLanguage('th'));
    await user.click(screen.getByRole('button', { name: 'บันทึกการแก้ไข' }));
    act(() => FakeXhr.last().respond(403, { success: false, message: 'Your package allows 5 featured listings.' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'ประกาศเด่น' })).toHaveAccessibleDescription(
        expect.stringContaining('แพ็กเกจของคุณตั้งประกาศเด่นได้ 5 รายการ'),
      ),
    );
  });

  it('a new listing refused over the quota stays in the wizard (no trip to the packages)', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWizard({ quota: QUOTA(5, 4) });
    await completeStepOne(user);
    await user.click(next());
    await user.upload(screen.getByLabelText('Choose cover photo'), imageFile(JPEG_BYTES, 'front.jpg'));
    await screen.findByRole('img', { name: 'front.jpg' });
    await user.click(next());
    for (const [label, value] of [
      ['Property Title *', 'A condo'],
      ['Description *', 'Near BTS.'],
      ['Price (฿) *', '100000'],
      ['Area (m²) *', '30'],
      ['Level *', '3'],
      ['Bedrooms *', '1'],
      ['Bathrooms *', '1'],
      ['Kitchen *', '1'],
      ['Floors *', '1'],
    ] as const) {
      await user.click(screen.getByLabelText(label));
      await user.paste(value);
    }
    await user.click(featuredChoice('Yes'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    act(() => FakeXhr.last().respond(403, { success: false, message: 'Your package allows 5 featured listings.' }));
    await waitFor(() =>
      expect(featuredGroup()).toHaveAccessibleDescription(expect.stringContaining('Your package allows 5 featured')),
    );
    expect(router.state.location.pathname).toBe('/add-property');
  });
});

describe('a text edit waiting for review or refused (ADR 017, M5)', () => {
  const PENDING = {
    state: 'pending',
    title: 'Sunny condo near Asok, pets welcome',
    description: null,
    submitted_at: '2026-05-01T08:00:00.000Z',
    note: null,
    decided_at: null,
  } as const;
  const edited = (listing: Partial<OwnProperty>) => listing as Partial<Property>;

  /** Saves, answers the PATCH with `payload`, and waits for the way back to My properties. */
  async function save(user: User, router: Awaited<ReturnType<typeof renderEdit>>['router'], payload: object) {
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('PATCH');
    act(() => xhr.respond(200, { success: true, message: 'Listing updated.', payload }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/properties'));
  }

  it('shows the waiting title above the form, which keeps the approved text; a new title saved says it waits', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderEdit(edited({ review: 'approved', text_edit: PENDING }));
    const notice = screen.getByRole('note');
    expect(notice).toHaveTextContent('Your changed title or description waits for Baan’s review.');
    expect(notice).toHaveTextContent('Title waiting for review: Sunny condo near Asok, pets welcome');
    expect(notice).not.toHaveTextContent('Description waiting for review');
    await toStep(user, 'Add Information');
    expect(screen.getByLabelText('Property Title *')).toHaveValue('Sunny condo near Asok');
    await user.type(screen.getByLabelText('Property Title *'), ', quiet');
    await save(user, router, {
      ...LISTING,
      review: 'approved',
      text_edit: { ...PENDING, title: 'Sunny condo near Asok, quiet' },
    });
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'Listing updated. Your new text waits for Baan’s review; until then visitors see the approved text.',
      ),
    );
  });

  it('a price change while the text waits is plainly “updated”', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderEdit(edited({ review: 'approved', text_edit: PENDING }));
    await toStep(user, 'Add Information');
    const price = screen.getByLabelText('Price (฿) *');
    await user.clear(price);
    await user.paste('4200000');
    await save(user, router, { ...LISTING, price: 4_200_000, review: 'approved', text_edit: PENDING });
    expect(sentText()).toEqual([['price', '4200000']]);
    await waitFor(() => expect(toastTexts()).toContain('Listing updated.'));
    expect(toastTexts().some((text) => text.includes('waits'))).toBe(false);
  });

  it('a live listing the edit sent back to review says Baan checks it again', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderEdit(edited({ review: 'approved', text_edit: null }));
    expect(screen.queryByRole('note')).toBeNull();
    await toStep(user, 'Add Information');
    const price = screen.getByLabelText('Price (฿) *');
    await user.clear(price);
    await user.paste('45000');
    await save(user, router, { ...LISTING, price: 45_000, review: 'pending', text_edit: null });
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'Listing updated. Baan checks it again before it is shown; we will e-mail you the decision.',
      ),
    );
  });

  it('shows a refused text edit with the admin’s reason, in Thai too', async () => {
    const rejected = {
      ...PENDING,
      state: 'rejected',
      note: 'Phone numbers are not allowed in the description.',
      decided_at: '2026-05-02T08:00:00.000Z',
    } as const;
    await renderEdit(edited({ review: 'approved', text_edit: rejected }));
    const notice = screen.getByRole('note');
    expect(notice).toHaveTextContent('Baan did not approve your changed title or description.');
    expect(notice).toHaveTextContent('Reason: Phone numbers are not allowed in the description.');
    expect(notice).not.toHaveTextContent('waiting for review');
    await act(() => changeLanguage('th'));
    expect(screen.getByRole('note')).toHaveTextContent('Baan ไม่อนุมัติชื่อหรือรายละเอียดที่คุณแก้ไข');
    expect(screen.getByRole('note')).toHaveTextContent('เหตุผล: Phone numbers are not allowed in the description.');
  });
});
