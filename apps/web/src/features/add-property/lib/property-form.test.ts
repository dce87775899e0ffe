import { describe, expect, it } from 'vitest';
import {
  completeRooms,
  emptyForm,
  firstMissingField,
  formatPrice,
  isStepOneComplete,
  REQUIRED_FIELDS,
  toFormData,
} from './property-form';
import { imageKindOf } from './sniff-image';

describe('property form rules', () => {
  it('checks the required fields in the spec order, user type first', () => {
    expect(REQUIRED_FIELDS).toEqual([
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
    const form = emptyForm();
    expect(firstMissingField(form)).toBe('user_type');
    expect(firstMissingField({ ...form, user_type: 'agent', propertyType: 'commercial', location: '  ' })).toBe(
      'propertyStatus',
    );
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

  it('formats prices with en-US separators', () => {
    expect(formatPrice('')).toBe('');
    expect(formatPrice('999')).toBe('999');
    expect(formatPrice('1000')).toBe('1,000');
    expect(formatPrice('0012500000')).toBe('12,500,000');
    expect(formatPrice('1,2a3')).toBe('123');
  });

  it('drops rooms without a type or a count of at least 1', () => {
    expect(
      completeRooms([
        { id: 1, type: 'bedroom', count: '2' },
        { id: 2, type: '', count: '1' },
        { id: 3, type: 'bathroom', count: '' },
        { id: 4, type: 'garage', count: '0' },
      ]),
    ).toEqual([{ type: 'bedroom', quantity: 2 }]);
  });

  it('sends the chosen status as the listing type, whatever the property type (ADR 006)', () => {
    const data = toFormData({ ...emptyForm(), propertyType: 'residential', propertyStatus: 'sale' });
    expect(data.get('type')).toBe('sale');
    expect(data.get('property_type')).toBe('residential');
    expect(data.get('area_unit')).toBe('sqm');
    expect(data.get('is_featured')).toBe('0');
  });

  it('recognises JPEG, PNG and GIF by their first bytes only', () => {
    expect(imageKindOf(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpeg');
    expect(imageKindOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(imageKindOf(new TextEncoder().encode('GIF87a'))).toBe('gif');
    expect(imageKindOf(new TextEncoder().encode('RIFF....WEBP'))).toBeNull();
    expect(imageKindOf(new TextEncoder().encode('hello'))).toBeNull();
    expect(imageKindOf(new Uint8Array([]))).toBeNull();
  });
});
