import { describe, expect, it } from 'vitest';
import { clearDraft, hasEntries, loadDraft, saveDraft } from './draft';
import {
  bahtPreview,
  checkForm,
  emptyForm,
  FIELD_ORDER,
  fieldErrorsFromServer,
  isStepOneComplete,
  type PickedPhoto,
  type PropertyForm,
  sentRooms,
  toFormData,
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
