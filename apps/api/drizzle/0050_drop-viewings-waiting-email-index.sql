-- viewings_waiting_email_idx (migration 0049) was for counting a guest's waiting viewing requests by the typed e-mail,
-- which ADR 057 gave up (anyone may type anyone's address, ADR 019 and 059): no query reads it, and every write to
-- viewings kept it up to date. IF EXISTS: a database that never had it migrates the same.
DROP INDEX IF EXISTS "viewings_waiting_email_idx";
