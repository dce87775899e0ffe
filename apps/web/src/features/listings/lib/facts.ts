import { formatLocale, type NearestStation } from '@baan/contract';
import { numberFormat } from '../../../lib/intl-cache';
import { stationName } from '../../../lib/stations';

/**
 * A walking distance as the cards and the detail page show it: under 1 km to the nearest 50 m (at least 50 m), from
 * 1 km on in kilometres with one decimal (a trailing .0 dropped). The metre rounding comes first, so 975 m is "1 km"
 * (never "1,000 m"), and 1,049 m is "1 km" while 1,050 m is "1.1 km".
 */
export function roundDistance(metres: number): { unit: 'm' | 'km'; value: number } {
  const fifty = Math.max(50, Math.round(metres / 50) * 50);
  if (fifty < 1000) return { unit: 'm', value: fifty };
  return { unit: 'km', value: Math.round(metres / 100) / 10 };
}

/** A number in the interface language's own way (Russian writes 1,2) in Latin digits like the prices, one decimal at most. */
function formatIn(language: string, value: number): string {
  return numberFormat(formatLocale(language), { maximumFractionDigits: 1 }).format(value);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "650 m", "1.2 km" in the interface language (t of the `listings` namespace). */
export function formatDistance(metres: number, t: Translate, language: string): string {
  const { unit, value } = roundDistance(metres);
  return t(unit === 'm' ? 'facts.metres' : 'facts.kilometres', { value: formatIn(language, value) });
}

/** "650 m to BTS Asok" (Thai: "ห่างจาก BTS อโศก 650 ม."). */
export function formatNearestStation(station: NearestStation, t: Translate, language: string): string {
  return t('facts.toStation', {
    distance: formatDistance(station.distance_m, t, language),
    station: t('facts.stationName', { system: station.system, name: stationName(station, language) }),
  });
}
