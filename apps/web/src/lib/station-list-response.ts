// Loaded on demand by stations.ts: the station search's answer schema, with zod, off the pages' first load.
export { StationListResponse } from '@baan/contract';
