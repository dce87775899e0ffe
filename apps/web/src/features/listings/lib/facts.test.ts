import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { initI18n } from '../../../i18n';
import { formatDistance, formatNearestStation, roundDistance } from './facts';

beforeAll(async () => {
  await initI18n();
  await i18n.loadLanguages(['th', 'ru', 'ja']);
  await i18n.loadNamespaces('listings');
});

const inLanguage = (language: string) => {
  const t = i18n.getFixedT(language, 'listings');
  return (metres: number) => formatDistance(metres, t, language);
};

describe('station distance', () => {
  it('rounds under 1 km to the nearest 50 m, and from 1 km on to one decimal of a kilometre', () => {
    const en = inLanguage('en');
    const cases: [number, string][] = [
      [0, '50 m'],
      [20, '50 m'],
      [74, '50 m'],
      [75, '100 m'],
      [649, '650 m'],
      [924, '900 m'],
      [925, '950 m'],
      [949, '950 m'],
      [974, '950 m'],
      // 975 m rounds to 1,000 m: said as a kilometre, never "1000 m".
      [975, '1 km'],
      [999, '1 km'],
      [1000, '1 km'],
      [1049, '1 km'],
      [1050, '1.1 km'],
      [1234, '1.2 km'],
      [1950, '2 km'],
      [4999, '5 km'],
    ];
    for (const [metres, shown] of cases) expect(en(metres), `${metres} m`).toBe(shown);
    expect(roundDistance(975)).toEqual({ unit: 'km', value: 1 });
    expect(roundDistance(974)).toEqual({ unit: 'm', value: 950 });
  });

  it('writes the units and decimals of each language', () => {
    expect(inLanguage('th')(650)).toBe('650 ม.');
    expect(inLanguage('th')(1234)).toBe('1.2 กม.');
    expect(inLanguage('ru')(1234)).toBe('1,2 км');
    expect(inLanguage('ja')(650)).toBe('650m');
  });

  it('names the station in Thai for Thai readers and in English for everyone else', () => {
    const station = {
      id: 'bts-asok',
      name: 'Asok',
      name_th: 'อโศก',
      line: 'bts-sukhumvit',
      system: 'BTS' as const,
      distance_m: 649,
    };
    expect(formatNearestStation(station, i18n.getFixedT('en', 'listings'), 'en')).toBe('650 m to BTS Asok');
    expect(formatNearestStation(station, i18n.getFixedT('th', 'listings'), 'th')).toBe('ห่างจาก BTS อโศก 650 ม.');
    expect(formatNearestStation(station, i18n.getFixedT('ja', 'listings'), 'ja')).toBe('BTS Asokまで650m');
    expect(formatNearestStation(station, i18n.getFixedT('ru', 'listings'), 'ru')).toBe('650 м до BTS Asok');
  });
});
