import { PropertyFieldsObject, RENTAL_TERM_FIELDS, UpdatePropertyFields } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import i18n, { initI18n, loadNamespaces } from '../../../i18n';
import { makeProperty } from '../../../test/properties';
import { clearDraft, hasEntries, isChanged, loadDraft, saveDraft } from './draft';
import { issueMessage } from './messages';
import {
  asksRentalTerm,
  bahtPreview,
  checkForm,
  emptyForm,
  FIELD_ORDER,
  type FormIssue,
  fieldErrorsFromServer,
  formFromListing,
  HOUSE_INFO,
  HOUSE_INFO_FIELDS,
  isRequiredHouseInfo,
  isStepOneComplete,
  type PickedPhoto,
  type PropertyForm,
  photoChanges,
  sentRooms,
  squareMetresOf,
  toFormData,
  toPatchData,
  toWireFields,
} from './property-form';
import { imageKindOf } from './sniff-image';

const cover: PickedPhoto = { id: 'c', file: new File(['x'], 'front.jpg'), previewUrl: 'blob:c' };

/** A form that passes the check: a condo for sale. */
function filled(): PropertyForm {
  const form = emptyForm();
  return {
    ...form,
    user_type: 'owner',
    propertyType: 'residential',
    propertyStatus: 'sale',
    subType: 'condo',
    location: 'Asok, Bangkok',
    title: 'Condo',
    description: 'Near BTS.',
    price: '4,500,000',
    coverPhoto: cover,
    houseInfo: { ...form.houseInfo, area: '72', level: '18', bedrooms: '2', bathrooms: '2', kitchen: '1', floors: '1' },
  };
}

describe('property form rules', () => {
  it('reports problems in the spec order, user type first and the cover photo after the price', () => {
    expect(FIELD_ORDER.slice(0, 15)).toEqual([
      'user_type',
      'propertyType',
      'propertyStatus',
      'subType',
      'location',
      'title',
      'description',
      'price',
      'coverPhoto',
      'area',
      'level',
      'bedrooms',
      'bathrooms',
      'kitchen',
      'floors',
    ]);
    const empty = checkForm(emptyForm());
    expect(empty.ok).toBe(false);
    if (empty.ok) return;
    expect(empty.issues.map((issue) => issue.key).slice(0, 9)).toEqual([
      'user_type',
      'propertyType',
      'propertyStatus',
      'subType',
      'location',
      'title',
      'description',
      'price',
      'coverPhoto',
    ]);
  });

  it('checks with the contract: what it accepts is what is sent', () => {
    const result = checkForm({
      ...filled(),
      price: '฿1,234,567.89',
      houseInfo: { ...filled().houseInfo, bedrooms: '๒' },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const data = toFormData(result.fields, filled());
    expect(data.get('price')).toBe('1234568');
    expect(data.get('bed_rooms')).toBe('2');
    expect(data.get('type')).toBe('sale');
    expect(data.get('area_unit')).toBe('sqm');
    expect(data.get('is_featured')).toBe('0');
    expect((data.get('cover_image') as File).name).toBe('front.jpg');
  });

  it('asks no level of a villa and never sends one typed before the sub type changed', () => {
    const villa = {
      ...filled(),
      subType: 'villa' as const,
      houseInfo: { ...filled().houseInfo, level: '', floors: '2' },
    };
    expect(checkForm(villa).ok).toBe(true);
    expect(toWireFields({ ...villa, houseInfo: { ...villa.houseInfo, level: '7' } }).level).toBeUndefined();
    const condo = checkForm({ ...filled(), houseInfo: { ...filled().houseInfo, level: '' } });
    expect(condo.ok ? [] : condo.issues.map((issue) => issue.key)).toEqual(['level']);
    const noFloors = checkForm({ ...villa, houseInfo: { ...villa.houseInfo, floors: '0' } });
    expect(noFloors.ok ? [] : noFloors.issues.map((issue) => [issue.key, issue.issue.message])).toEqual([
      ['floors', 'floors must be at least 1'],
    ]);
  });

  it('completes step 1 only with all five choices', () => {
    const full = {
      ...emptyForm(),
      user_type: 'owner',
      propertyType: 'residential',
      propertyStatus: 'rent',
      subType: 'villa',
      location: 'Patong',
    } as const;
    expect(isStepOneComplete(full)).toBe(true);
    for (const key of ['user_type', 'propertyType', 'propertyStatus', 'subType', 'location'] as const) {
      expect(isStepOneComplete({ ...full, [key]: '' }), key).toBe(false);
    }
  });

  it('previews what a baht field stores', () => {
    expect(bahtPreview('1234567.89')).toEqual({ baht: 1_234_568, isRounded: true });
    expect(bahtPreview('฿2,500,000.00')).toEqual({ baht: 2_500_000, isRounded: false });
    expect(bahtPreview('1.2.3')).toBeNull();
    expect(bahtPreview('')).toBeNull();
  });

  it("sends every room block with a type or a count, and puts half blocks' errors on their controls", () => {
    const rooms = [
      { id: 1, type: 'bedroom', count: '2' },
      { id: 2, type: '', count: '' },
      { id: 3, type: 'bathroom', count: '' },
      { id: 4, type: '', count: '1' },
    ];
    expect(sentRooms(rooms).map((room) => room.id)).toEqual([1, 3, 4]);
    const form = { ...filled(), rooms };
    const result = checkForm(form);
    expect(result.ok ? [] : result.issues.map((issue) => [issue.key, issue.roomNumber])).toEqual([
      ['room-3-count', 3],
      ['room-4-type', 4],
    ]);
    expect(
      fieldErrorsFromServer({ 'rooms.1.quantity': ['room count is required'], bed_rooms: ['too many'] }, form),
    ).toEqual({ 'room-3-count': 'room count is required', bedrooms: 'too many' });
  });
});

describe('the draft', () => {
  it('keeps the text of the form per user, and the names of its photos', () => {
    const form = { ...filled(), otherPhotos: [] };
    saveDraft(7, { form, step: 2, photos: { cover: 'front.jpg', others: ['a.png'] } });
    const draft = loadDraft(7);
    expect(draft?.step).toBe(2);
    expect(draft?.photos).toEqual({ cover: 'front.jpg', others: ['a.png'] });
    expect(draft?.form).toMatchObject({ title: 'Condo', price: '4,500,000', coverPhoto: null, otherPhotos: [] });
    expect(draft?.form.houseInfo.level).toBe('18');
    expect(loadDraft(8)).toBeNull();
    clearDraft(7);
    expect(loadDraft(7)).toBeNull();
  });

  it('ignores a draft it cannot read', () => {
    localStorage.setItem('baan:add-property-draft:7', '{not json');
    expect(loadDraft(7)).toBeNull();
    localStorage.setItem('baan:add-property-draft:7', JSON.stringify({ version: 1, step: 9 }));
    expect(loadDraft(7)).toBeNull();
  });

  it('restores a draft saved before a field existed, the new field blank, and drops one the form no longer has', () => {
    const form = { ...filled(), otherPhotos: [], titleDeed: 'chanote' as const };
    saveDraft(7, { form, step: 2, photos: { cover: 'front.jpg', others: [] } });
    const stored = JSON.parse(localStorage.getItem('baan:add-property-draft:7') ?? '{}');
    // As a wizard without avg_utilities and title deeds kept it, and with a field since removed from the form.
    delete stored.form.houseInfo.avgUtilities;
    delete stored.form.titleDeed;
    stored.form.houseInfo.gardenArea = '40';
    stored.form.parkingSpaces = '2';
    localStorage.setItem('baan:add-property-draft:7', JSON.stringify(stored));

    const draft = loadDraft(7);
    if (!draft) throw new Error('the draft was thrown away');
    expect(draft.step).toBe(2);
    expect(draft.form).toMatchObject({ title: 'Condo', price: '4,500,000', subType: 'condo', titleDeed: '' });
    expect(draft.form.houseInfo).toEqual({ ...form.houseInfo, avgUtilities: '' });
    expect(draft.form).not.toHaveProperty('parkingSpaces');
    expect(draft.form.houseInfo).not.toHaveProperty('gardenArea');
    expect(checkForm({ ...draft.form, coverPhoto: cover }).ok).toBe(true);
    clearDraft(7);
  });

  it('takes the blank value for a stored value that no longer fits, keeping the rest of the draft', () => {
    saveDraft(7, { form: { ...filled(), otherPhotos: [] }, step: 1, photos: { cover: null, others: [] } });
    const stored = JSON.parse(localStorage.getItem('baan:add-property-draft:7') ?? '{}');
    stored.form.subType = 'castle';
    stored.form.houseInfo.area = 72;
    localStorage.setItem('baan:add-property-draft:7', JSON.stringify(stored));
    const draft = loadDraft(7);
    expect(draft?.form).toMatchObject({ title: 'Condo', subType: '' });
    expect(draft?.form.houseInfo).toMatchObject({ area: '', level: '18' });
    clearDraft(7);
  });

  it('counts a form as entered only when something was typed or chosen', () => {
    expect(hasEntries(emptyForm())).toBe(false);
    expect(hasEntries({ ...emptyForm(), language: 'th' })).toBe(false);
    expect(hasEntries({ ...emptyForm(), title: 'x' })).toBe(true);
    expect(hasEntries({ ...emptyForm(), rooms: [{ id: 1, type: '', count: '2' }] })).toBe(true);
  });
});

describe('photos', () => {
  it('recognises JPEG, PNG and GIF by their first bytes only', () => {
    expect(imageKindOf(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpeg');
    expect(imageKindOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(imageKindOf(new TextEncoder().encode('GIF87a'))).toBe('gif');
    expect(imageKindOf(new TextEncoder().encode('RIFF....WEBP'))).toBeNull();
    expect(imageKindOf(new TextEncoder().encode('hello'))).toBeNull();
    expect(imageKindOf(new Uint8Array([]))).toBeNull();
  });
});

describe('one definition of a listing field', () => {
  it('maps every contract field, and takes the order of the checks from the contract', () => {
    const mapped = new Set([
      ...HOUSE_INFO_FIELDS.map((key) => HOUSE_INFO[key].wire),
      ...Object.keys(
        toWireFields({
          ...filled(),
          titleDeed: 'chanote',
          project: { id: 1, slug: 'sky-demo', name_en: 'Sky', name_th: null },
        }),
      ),
      // A rental's terms, all given (the rate with the building's rate).
      ...Object.keys(toWireFields({ ...filled(), propertyStatus: 'rent', price: '20000', rentalTerms: TERMS })),
    ]);
    // project_id: not offered by the wizard yet (issue 24's web part adds the project picker).
    for (const wire of Object.keys(PropertyFieldsObject.shape).filter(
      (name) => !['lat', 'lon', 'rooms', 'project_id'].includes(name),
    )) {
      expect(mapped, wire).toContain(wire);
    }
    expect(FIELD_ORDER.at(-1)).toBe('otherPhotos');
    expect(FIELD_ORDER.indexOf('coverPhoto')).toBe(FIELD_ORDER.indexOf('price') + 1);
  });

  it('marks as required what the contract requires, by sub type', () => {
    const required = (subType: PropertyForm['subType']) =>
      HOUSE_INFO_FIELDS.filter((key) => isRequiredHouseInfo(key, subType));
    // In the contract's order (LISTING_NUMBER_FIELDS), which is the order on screen and the order of the checks.
    expect(required('condo')).toEqual(['area', 'level', 'bedrooms', 'bathrooms', 'kitchen', 'floors']);
    expect(required('villa')).toEqual(['area', 'bedrooms', 'bathrooms', 'kitchen', 'floors']);
    expect(required('land')).toEqual(['area', 'bedrooms', 'bathrooms', 'kitchen']);
  });
});

describe('editing', () => {
  const photo = (id: number) => ({ id, image_path: `/p${id}.webp`, width: 1, height: 1, srcset: '' });
  const listing = makeProperty(12, {
    type: 'sale',
    property_sub_type: 'house',
    price: 4_500_000,
    level: 0,
    floors: 2,
    avg_utilities: 2_500,
    living_space: null,
    availability_date: '2026-06-01',
    images: [photo(1), photo(2), photo(3)],
    rooms: [{ type: 'bedroom', quantity: 2 }],
  });

  it('fills the form from a listing, any sub type the API knows included', () => {
    const form = formFromListing(listing);
    expect(form).toMatchObject({
      propertyStatus: 'sale',
      subType: 'house',
      price: '4,500,000',
      availableDate: '2026-06-01',
      featured: '0',
      existingPhotos: [{ id: 1 }, { id: 2 }, { id: 3 }],
    });
    expect(form.houseInfo).toMatchObject({ avgUtilities: '2,500', livingSpace: '', level: '', floors: '2' });
    expect(form.rooms.map(({ type, count }) => ({ type, count }))).toEqual([{ type: 'bedroom', count: '2' }]);
    expect(checkForm(form, 'edit').ok).toBe(true);
    // Nothing changed: nothing to send, and no draft to keep.
    const check = checkForm(form, 'edit');
    if (!check.ok) return;
    expect(toPatchData(check.fields, form, form).changed).toEqual([]);
    expect(isChanged({ ...form, price: '4500000' }, form)).toBe(true);
    expect(isChanged(formFromListing(listing), form)).toBe(false);
  });

  it('sends only what changed, as the contract reads it; a field emptied is sent empty', () => {
    const original = formFromListing(listing);
    const form: PropertyForm = {
      ...original,
      price: '4500000',
      title: 'A new title',
      houseInfo: { ...original.houseInfo, avgUtilities: '' },
      rooms: [{ id: 99, type: '', count: '' }],
    };
    const check = checkForm(form, 'edit');
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const { data, changed } = toPatchData(check.fields, form, original);
    expect(changed).toEqual(['title', 'avg_utilities', 'rooms']);
    expect([...data.entries()]).toEqual([
      ['title', 'A new title'],
      ['avg_utilities', ''],
      ['rooms[0][type]', ''],
      ['rooms[0][quantity]', ''],
    ]);
    // What is sent is what PATCH's schema takes.
    const text = Object.fromEntries([...data.entries()].filter(([key]) => !key.startsWith('rooms')));
    expect(UpdatePropertyFields.safeParse({ ...text, rooms: [] }).success).toBe(true);
  });

  it('sends the photo changes: removed ids, the cover, the order only when it moved', () => {
    const [a, b, c] = formFromListing(listing).existingPhotos as [never, never, never];
    expect(photoChanges([a, b, c], [a, b, c])).toEqual({ removed: [], cover: undefined, order: undefined });
    expect(photoChanges([a, b, c], [c, a, b])).toEqual({ removed: [], cover: 3, order: undefined });
    expect(photoChanges([a, b, c], [a, c])).toEqual({ removed: [2], cover: undefined, order: undefined });
    expect(photoChanges([a, b, c], [a, c, b])).toEqual({ removed: [], cover: undefined, order: [1, 3, 2] });
    expect(photoChanges([a, b, c], [b, c])).toEqual({ removed: [1], cover: 2, order: undefined });
  });

  it('needs a photo kept or added, not a cover file', () => {
    const form = { ...formFromListing(listing), existingPhotos: [] };
    const check = checkForm(form, 'edit');
    expect(
      check.ok ? [] : check.issues.map(({ key, issue }) => [key, 'params' in issue ? issue.params : null]),
    ).toEqual([['otherPhotos', { problem: 'photoNeeded' }]]);
    expect(checkForm({ ...form, otherPhotos: [cover] }, 'edit').ok).toBe(true);
  });

  it('keeps an edit’s draft apart from a new listing’s, with the photos it keeps', () => {
    const original = formFromListing(listing);
    const owner = { userId: 7, listingId: 12 };
    saveDraft(owner, {
      form: { ...original, title: 'Edited', existingPhotos: original.existingPhotos.slice(1).reverse() },
      step: 1,
      photos: { cover: null, others: [] },
    });
    expect(loadDraft(7)).toBeNull();
    const draft = loadDraft(owner, original.existingPhotos);
    expect(draft?.form.title).toBe('Edited');
    expect(draft?.form.existingPhotos.map((p) => p.id)).toEqual([3, 2]);
    // A photo gone from the listing meanwhile is dropped.
    expect(loadDraft(owner, original.existingPhotos.slice(0, 2))?.form.existingPhotos.map((p) => p.id)).toEqual([2]);
    clearDraft(owner);
    expect(loadDraft(owner)).toBeNull();
  });
});

describe('foreign quota and title deed (issue 15)', () => {
  it('sends the title deed when one is chosen, and foreign quota only for a condo', () => {
    expect(toWireFields(filled())).toMatchObject({ foreign_quota: '0' });
    expect(toWireFields(filled())).not.toHaveProperty('title_deed');
    const condo = toWireFields({ ...filled(), foreignQuota: '1', titleDeed: 'nor_sor_3_gor' });
    expect(condo).toMatchObject({ foreign_quota: '1', title_deed: 'nor_sor_3_gor' });
    // Chosen while it was a condo, then the sub type changed: not sent (the API stores 0).
    const house = toWireFields({ ...filled(), subType: 'house', foreignQuota: '1', titleDeed: 'chanote' });
    expect(house).not.toHaveProperty('foreign_quota');
    expect(house).toMatchObject({ title_deed: 'chanote' });
    const check = checkForm({ ...filled(), foreignQuota: '1', titleDeed: 'chanote' });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const data = toFormData(check.fields, { ...filled(), foreignQuota: '1' });
    expect(data.get('foreign_quota')).toBe('1');
    expect(data.get('title_deed')).toBe('chanote');
  });

  it('pre-fills an edit from the listing and sends only a changed quota or deed; a deed taken away is sent empty', () => {
    const listing = makeProperty(30, {
      type: 'sale',
      foreign_quota: 1,
      title_deed: 'chanote',
      level: 5,
      images: [{ id: 1, image_path: '/p1.webp', width: 1, height: 1, srcset: '' }],
    });
    const original = formFromListing(listing);
    expect(original).toMatchObject({ foreignQuota: '1', titleDeed: 'chanote' });
    expect(formFromListing(makeProperty(31))).toMatchObject({ foreignQuota: '0', titleDeed: '' });
    const patch = (form: PropertyForm) => {
      const check = checkForm(form, 'edit');
      if (!check.ok) throw new Error(JSON.stringify(check.issues));
      return toPatchData(check.fields, form, original);
    };
    expect(patch(original).changed).toEqual([]);
    const quota = patch({ ...original, foreignQuota: '0' });
    expect(quota.changed).toEqual(['foreign_quota']);
    expect([...quota.data.entries()]).toEqual([['foreign_quota', '0']]);
    const deed = patch({ ...original, titleDeed: 'sor_por_kor' });
    expect([...deed.data.entries()]).toEqual([['title_deed', 'sor_por_kor']]);
    const cleared = patch({ ...original, titleDeed: '' });
    expect([...cleared.data.entries()]).toEqual([['title_deed', '']]);
    expect(UpdatePropertyFields.safeParse(Object.fromEntries(cleared.data.entries())).success).toBe(true);
  });

  it('keeps both in a draft, and still reads a draft kept before they existed', () => {
    const owner = 77;
    saveDraft(owner, {
      form: { ...filled(), foreignQuota: '1', titleDeed: 'nor_sor_3' },
      step: 2,
      photos: { cover: null, others: [] },
    });
    expect(loadDraft(owner)?.form).toMatchObject({ foreignQuota: '1', titleDeed: 'nor_sor_3' });
    expect(hasEntries({ ...emptyForm(), titleDeed: 'chanote' })).toBe(true);
    const key = Object.keys(localStorage).find((name) => name.endsWith(':77')) ?? '';
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}');
    delete stored.form.foreignQuota;
    delete stored.form.titleDeed;
    localStorage.setItem(key, JSON.stringify(stored));
    expect(loadDraft(owner)?.form).toMatchObject({ foreignQuota: '0', titleDeed: '' });
    clearDraft(owner);
  });
});

describe('squareMetresOf', () => {
  it('gives whole digits for any rai, so a huge one is refused as too large rather than as no number', () => {
    expect(squareMetresOf({ rai: '2', ngan: '1', wah: '' })).toBe('3600');
    expect(squareMetresOf({ rai: '9999999999999999999999', ngan: '', wah: '' })).toMatch(/^\d+$/);
    expect(
      PropertyFieldsObject.shape.area.safeParse(squareMetresOf({ rai: '9999999999999999999999', ngan: '', wah: '' }))
        .success,
    ).toBe(false);
    expect(squareMetresOf({ rai: '', ngan: '', wah: '' })).toBe('');
  });
});

const TERMS = {
  depositMonths: '2',
  advanceMonths: '1',
  minLeaseMonths: '12',
  furnishing: 'furnished',
  petsAllowed: '1',
  electricity: 'building',
  electricityRate: '7.5',
};

describe('rental terms in the wizard', () => {
  const rental = (): PropertyForm => ({ ...filled(), propertyStatus: 'rent', price: '20000' });

  it("sends a rental's terms as the contract reads them, and none for a sale", () => {
    const checked = checkForm({ ...rental(), rentalTerms: TERMS });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.fields).toMatchObject({
      deposit_months: 2,
      advance_months: 1,
      min_lease_months: 12,
      furnishing: 'furnished',
      pets_allowed: 1,
      electricity: 'building',
      electricity_rate: 7.5,
    });
    // Chosen while it was a rental, then made a sale: nothing of it is sent (the API would refuse it).
    const sale = toWireFields({ ...filled(), rentalTerms: TERMS });
    expect(Object.keys(sale).filter((name) => name in RENTAL_TERM_FIELDS)).toEqual([]);
  });

  it("asks the rate only with the building's rate, and leaves a rate typed before out of what it sends", () => {
    const government = { ...rental(), rentalTerms: { ...TERMS, electricity: 'government' } };
    expect(asksRentalTerm(government, 'electricityRate')).toBe(false);
    expect(toWireFields(government).electricity_rate).toBeUndefined();
    expect(checkForm(government).ok).toBe(true);
  });

  it("names a term past its limit on its own control, in the person's words", () => {
    const checked = checkForm({ ...rental(), rentalTerms: { ...TERMS, depositMonths: '13', minLeaseMonths: '0' } });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.issues.map((issue) => issue.key)).toEqual(['depositMonths', 'minLeaseMonths']);
  });

  it('words a rate that is not one as a rate, not a price', async () => {
    const checked = checkForm({ ...rental(), rentalTerms: { ...TERMS, electricityRate: '7.555' } });
    if (checked.ok) throw new Error('7.555 has three decimals');
    await initI18n();
    await loadNamespaces(['property', 'listings']);
    const t = i18n.getFixedT('en', 'property');
    expect(issueMessage(t, checked.issues[0] as FormIssue)).toBe(
      'Electricity rate must be a number of baht with at most two decimals, such as 7.5',
    );
  });

  it('pre-fills an edit from the listing, and a PATCH sends a cleared term empty', () => {
    const listing = makeProperty(7, {
      type: 'rent',
      deposit_months: 2,
      advance_months: 1,
      min_lease_months: 12,
      furnishing: 'partly',
      pets_allowed: 0,
      electricity: 'building',
      electricity_rate: 7.5,
      images: [{ id: 1, image_path: '/uploads/a.webp', width: 640, height: 480, srcset: '/uploads/a.webp 640w' }],
    });
    const original = formFromListing(listing);
    expect(original.rentalTerms).toEqual({ ...TERMS, furnishing: 'partly', petsAllowed: '0' });
    const form = { ...original, rentalTerms: { ...original.rentalTerms, furnishing: '', depositMonths: '3' } };
    const checked = checkForm(form, 'edit');
    if (!checked.ok) throw new Error('the edit should pass');
    const { data, changed } = toPatchData(checked.fields, form, original);
    expect(changed.sort()).toEqual(['deposit_months', 'furnishing']);
    expect(data.get('furnishing')).toBe('');
    expect(data.get('deposit_months')).toBe('3');
  });
});
