// The map's answer schema, loaded with its first answer (map-api.ts, lib/lazy-schema.ts).
export { MapResult } from '@baan/contract';
