-- Every claim of a reward updates that reward's one row (its stock). Under a claim storm the row's old
-- versions pile up and each claim reads past them; with room left on each page (fillfactor 10: the table
-- holds tens of rows), PostgreSQL keeps the new versions on the same page (HOT) and prunes them there.
-- Measured: about +30% claims per second (bench/RESULTS.md). drizzle-kit does not manage storage parameters.
ALTER TABLE "rewards" SET (fillfactor = 10);
