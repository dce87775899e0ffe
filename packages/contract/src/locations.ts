import { z } from 'zod';
import { successEnvelope } from './envelope.ts';

/** What a gazetteer entry is: a province, a district (khet or amphoe), a rail station, or a neighbourhood. */
export const LOCATION_KINDS = ['province', 'district', 'station', 'neighbourhood'] as const;
export const LocationKind = z.enum(LOCATION_KINDS);
export type LocationKind = z.infer<typeof LocationKind>;

export const LOCATION_QUERY_MIN = 3;
export const LOCATION_QUERY_MAX = 100;
export const LOCATION_RESULTS_MAX = 10;

/** GET /api/locations?q= — the text typed into the location box. */
export const LocationSearchQuery = z.object({
  q: z
    .string({ error: `Please type at least ${LOCATION_QUERY_MIN} characters.` })
    .trim()
    .min(LOCATION_QUERY_MIN, `Please type at least ${LOCATION_QUERY_MIN} characters.`)
    .max(LOCATION_QUERY_MAX, `Please type at most ${LOCATION_QUERY_MAX} characters.`),
});
export type LocationSearchQuery = z.infer<typeof LocationSearchQuery>;

/**
 * One suggestion. `display_name` is in the request's language (Thai for `th`, English otherwise);
 * `name_en`/`name_th` are the place's own names; `line` names a station's line(s).
 */
export const LocationSuggestion = z.object({
  display_name: z.string(),
  lat: z.number(),
  lon: z.number(),
  kind: LocationKind,
  name_en: z.string(),
  name_th: z.string(),
  line: z.string().optional(),
});
export type LocationSuggestion = z.infer<typeof LocationSuggestion>;

export const LocationSearchResponse = successEnvelope(z.array(LocationSuggestion).max(LOCATION_RESULTS_MAX));
export type LocationSearchResponse = z.infer<typeof LocationSearchResponse>;
