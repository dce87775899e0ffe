import { FORMAT_LOCALES, LANGUAGES } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { PRICE_PRESETS, presetLabel } from './price-presets';

describe('presetLabel: the home search’s price choices', () => {
  it('writes sale prices in millions the reader’s way, Burmese included', () => {
    expect(presetLabel(3_000_000, 'sale', 'en')).toBe('฿3M');
    expect(presetLabel(3_000_000, 'sale', 'th')).toBe('฿3 ล้าน');
    expect(presetLabel(3_000_000, 'sale', 'zh')).toBe('฿300万');
    expect(presetLabel(3_000_000, 'sale', 'TW')).toBe('฿300萬');
    expect(presetLabel(3_000_000, 'sale', 'my')).toBe('฿3\u00a0သန်း');
    expect(presetLabel(15_000_000, 'sale', 'my')).toBe('฿1.5\u00a0ကုဋေ');
    expect(presetLabel(1_500_000, 'sale', 'ru')).toBe('฿1,5\u00a0млн');
    expect(presetLabel(15_000, 'rent', 'th')).toBe('฿15,000');
  });

  it.each(LANGUAGES)('writes every sale price the way the server’s Intl does, without Intl, in %s', (language) => {
    // Node has every locale's data; Chromium has no Burmese, so the browser cannot be asked (the page must match).
    const intl = new Intl.NumberFormat(FORMAT_LOCALES[language], {
      notation: 'compact',
      compactDisplay: language === 'th' ? 'long' : 'short',
      maximumFractionDigits: 1,
    });
    const prices = [...PRICE_PRESETS.sale, 1_250_000, 1_050_000, 9_950_000, 12_500_000, 99_900_000, 99_960_000];
    for (const price of prices)
      expect(presetLabel(price, 'sale', language), String(price)).toBe(`฿${intl.format(price)}`);
  });
});
