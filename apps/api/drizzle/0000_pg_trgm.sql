-- Trigram search (ILIKE %…% in any script, Thai and Burmese included) needs pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
