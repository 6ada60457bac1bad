-- Custom migration (drizzle-kit generate --custom): the search indexes merge any two segments FTS5 keeps on one
-- level when asked to (usermerge 2; the default, 4, waits for four). Housekeeping asks every minute, in small
-- steps (src-server/db/search-index.ts mergeSearchIndexes): each write transaction adds a segment to an index, and
-- a search reads every segment, so without this an index grown by single inserts keeps dozens of them (21 in
-- policies_fts after 5,000 policies added one by one at 1M) until the next bulk 'optimize'. With it, a few.
-- A setting stored in each index's own config table; no row or segment changes here.
INSERT INTO `users_fts`(`users_fts`, rank) VALUES('usermerge', 2);
--> statement-breakpoint
INSERT INTO `policies_fts`(`policies_fts`, rank) VALUES('usermerge', 2);
--> statement-breakpoint
INSERT INTO `audit_logs_fts`(`audit_logs_fts`, rank) VALUES('usermerge', 2);
