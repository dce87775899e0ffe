/**
 * The API test files that run on BOTH database engines (ADR 022). `npm test` runs every API test file on one engine
 * (PostgreSQL when TEST_DATABASE_URL is set, else PGlite) and, when both are at hand, these files on the other
 * (`API_TEST_FILES=engine`): the ones whose outcome depends on what differs between PGlite and PostgreSQL.
 * A file belongs here when what it tests runs SQL whose meaning or timing an engine decides:
 */
export const ENGINE_SPECIFIC_FILES = [
  // Migrations from nothing, the start-up of the app on the engine, the demo seed's bulk inserts.
  'test/foundation.test.ts',
  // Migration 0046 builds the default order's index before any lock that stops readers (pg_locks).
  'test/default-order-head-migration.test.ts',
  'test/seed-demo.test.ts',
  'test/pages.test.ts',
  // The detail and home pages' reads in one go: home's one statement answers int[] arrays, parsed by each driver.
  'test/page-statements.test.ts',
  // Text search: ILIKE and pg_trgm in every script, the gazetteer, the admin's search.
  'test/properties.test.ts',
  'test/locations.test.ts',
  'test/admin-properties.test.ts',
  // Query understanding: place names by LIKE and word-edge regex, the spelling retry's pg_trgm word similarity.
  'test/search.test.ts',
  // A place name by the listing's words (ADR 040) against the word-edge regex, under this engine's locale.
  'test/search-words.test.ts',
  // A place search read tier by tier (ADR 043) against the one relevance query, with this engine's text search.
  'test/place-relevance-tiers.test.ts',
  // Geo: bbox and station distances (float maths, indexes), the map's clusters.
  'test/map-search.test.ts',
  'test/transit.test.ts',
  // Durable jobs: claiming with FOR UPDATE SKIP LOCKED, advisory locks, retries, schedules.
  'test/jobs.test.ts',
  // Statistics: Bangkok days (time zones in SQL), counts per day, medians.
  'test/listing-stats.test.ts',
  'test/weekly-report.test.ts',
  'test/moderation.test.ts',
  'test/listing-facts.test.ts',
  // PGlite's stand-in for autovacuum (ADR 039): catalogue sizes, ANALYZE and VACUUM; nothing on PostgreSQL.
  'test/db-maintenance.test.ts',
  // Alert matching: saved searches against a new listing.
  'test/alerts.test.ts',
  // The alert matcher's constraint index (ADR 042): cube boxes, a GiST index, md5 codes, equal to the full scan.
  'test/alerts-index.test.ts',
  // Projects (ADR 028): medians by percentile_cont with FILTER, the trend's LATERAL price lookup, jsonb stations,
  // names and aliases by LIKE in any script, row locks of a merge.
  'test/projects.test.ts',
  'test/projects-market.test.ts',
  // Races and conflicts: featured quota, approvals, idempotent inserts (ON CONFLICT), per-network tries.
  'test/featured-quota.test.ts',
  'test/payments.test.ts',
  'test/favorites.test.ts',
  'test/account-attacks.test.ts',
  // Budgets and caps counted under concurrency (ADR 056, 057): the SMS budget's conditional upserts, the advisory
  // locks on a requester's waiting viewings and the partial unique index of held hours.
  'test/sms-budget.test.ts',
  'test/viewing-waiting.test.ts',
  'test/viewings.test.ts',
  // Connection handling: the pool, the replica's reads.
  'test/postgres-pool.test.ts',
  'test/listing-invalidation.test.ts',
];
