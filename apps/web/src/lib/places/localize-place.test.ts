import { LANGUAGES } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import enListings from '../../locales/en/listings.json';
import { localizePlace, PLACE_KEYS } from './localize-place';
import placeNames from './place-names.json';

describe('localizePlace', () => {
  it('shows an English location in Thai, and a Thai one in English', () => {
    expect(localizePlace('Thonglor, Watthana, Bangkok', 'th')).toBe('ทองหล่อ, วัฒนา, กรุงเทพมหานคร');
    expect(localizePlace('ทองหล่อ, วัฒนา, กรุงเทพมหานคร', 'en')).toBe('Thonglor, Watthana, Bangkok');
    expect(localizePlace('Thonglor, Watthana, Bangkok', 'en')).toBe('Thonglor, Watthana, Bangkok');
    expect(localizePlace('ทองหล่อ, วัฒนา, กรุงเทพมหานคร', 'th')).toBe('ทองหล่อ, วัฒนา, กรุงเทพมหานคร');
  });

  it('knows provinces, districts and neighbourhoods by their other spellings, in any case', () => {
    expect(localizePlace('thong lo, WATTHANA, bangkok', 'th')).toBe('ทองหล่อ, วัฒนา, กรุงเทพมหานคร');
    expect(localizePlace('Asoke, กทม', 'en')).toBe('Asok, Bangkok');
    expect(localizePlace('โคราช', 'en')).toBe('Nakhon Ratchasima');
    expect(localizePlace('กรุงเทพฯ', 'en')).toBe('Bangkok');
    expect(localizePlace('Nimman, Mueang Chiang Mai, Chiang Mai', 'th')).toBe('นิมมาน, เมืองเชียงใหม่, เชียงใหม่');
  });

  it('keeps what the search box’s aliases say is near a place as written: it names another place', () => {
    expect(localizePlace('Riverside, Mueang Chiang Mai, Chiang Mai', 'en')).toBe(
      'Riverside, Mueang Chiang Mai, Chiang Mai',
    );
    expect(localizePlace('Riverside, Mueang Chiang Mai, Chiang Mai', 'th')).toBe('Riverside, เมืองเชียงใหม่, เชียงใหม่');
    expect(localizePlace('Pak Nam, Mueang Krabi, Krabi', 'en')).toBe('Pak Nam, Mueang Krabi, Krabi');
    expect(localizePlace('Sukhumvit 55', 'th')).toBe('Sukhumvit 55');
    expect(localizePlace('Korat city', 'en')).toBe('Korat city');
    expect(localizePlace('Samut Prakarn', 'th')).toBe('สมุทรปราการ');
  });

  it('prefers a place’s own name to another place’s alias', () => {
    // "Sathorn" is the neighbourhood's name and an alias of the Sathon district: the neighbourhood it is.
    expect(localizePlace('Sathorn, Sathon, Bangkok', 'en')).toBe('Sathorn, Sathon, Bangkok');
  });

  it('keeps the parts it does not know as written', () => {
    expect(localizePlace('Soi 24 Sukhumvit Road, Khlong Toei, Bangkok', 'th')).toBe(
      'Soi 24 Sukhumvit Road, คลองเตย, กรุงเทพมหานคร',
    );
    expect(localizePlace('123/4 หมู่บ้านสวนหลวง, Bangkok', 'en')).toBe('123/4 หมู่บ้านสวนหลวง, Bangkok');
    expect(localizePlace('Somewhere nice', 'th')).toBe('Somewhere nice');
    expect(localizePlace('', 'th')).toBe('');
  });

  it('leaves a location with no known part exactly as written', () => {
    expect(localizePlace('  Near the river ,  quiet street ', 'th')).toBe('  Near the river ,  quiet street ');
  });

  it('tidies the spaces around the parts it rewrites', () => {
    expect(localizePlace('  Thonglor ,Watthana,   Bangkok  ', 'th')).toBe('ทองหล่อ, วัฒนา, กรุงเทพมหานคร');
    expect(localizePlace('Thonglor,, Bangkok', 'en')).toBe('Thonglor, Bangkok');
  });

  it('splits on full-width, ideographic and Arabic commas too', () => {
    expect(localizePlace('ทองหล่อ，วัฒนา，กรุงเทพมหานคร', 'en')).toBe('Thonglor, Watthana, Bangkok');
    expect(localizePlace('ทองหล่อ、 วัฒนา، กรุงเทพมหานคร', 'en')).toBe('Thonglor, Watthana, Bangkok');
  });

  it('shows a station with its lines, as the autocomplete writes it', () => {
    expect(localizePlace('Asok (BTS Sukhumvit Line), Watthana, Bangkok', 'th')).toBe(
      'อโศก (BTS สายสุขุมวิท), วัฒนา, กรุงเทพมหานคร',
    );
    expect(localizePlace('สยาม (BTS สายสุขุมวิท, BTS สายสีลม), ปทุมวัน, กรุงเทพมหานคร', 'en')).toBe(
      'Siam (BTS Sukhumvit Line, BTS Silom Line), Pathum Wan, Bangkok',
    );
    expect(localizePlace('Asok (the old one), Bangkok', 'th')).toBe('อโศก (the old one), กรุงเทพมหานคร');
    expect(localizePlace('My condo (near BTS), Bangkok', 'th')).toBe('My condo (near BTS), กรุงเทพมหานคร');
  });

  it('uses English in the other languages, but for the popular places the listings namespace names', () => {
    const zh: Record<string, string> = { bangkok: '曼谷', thonglor: '通罗' };
    const translate = (key: string) => zh[key] ?? '';
    expect(localizePlace('ทองหล่อ, วัฒนา, กรุงเทพมหานคร', 'zh', translate)).toBe('通罗, Watthana, 曼谷');
    expect(localizePlace('ทองหล่อ, วัฒนา, กรุงเทพมหานคร', 'ru')).toBe('Thonglor, Watthana, Bangkok');
    // An empty translation falls back to English.
    expect(localizePlace('Phuket', 'ja', translate)).toBe('Phuket');
  });

  it('gives every language a name for every place', () => {
    for (const language of LANGUAGES) expect(localizePlace('Bangkok', language)).not.toBe('');
  });

  it('translates only places the gazetteer has, with keys the listings namespace has', () => {
    const englishNames = new Set(placeNames.places.map(([en]) => en));
    const keys = Object.keys(enListings.places);
    for (const [name, key] of Object.entries(PLACE_KEYS)) {
      expect(englishNames, name).toContain(name);
      expect(keys, key).toContain(key);
    }
  });
});
