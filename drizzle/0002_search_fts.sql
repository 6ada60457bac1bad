-- Custom migration (drizzle-kit generate --custom): trigram full-text indexes for the admin search and
-- trigger-kept counters, so neither a search page nor a total scans 1M rows.
--
-- Why contentless-delete (content='', contentless_delete=1) rather than external content:
--  * policies_fts carries the owner's username, which lives in users, not policies, so an external content
--    table would have to be a view and every rebuild/delete would re-read it through a join;
--  * the indexes are only ever asked for rowids (the rows themselves are read from users/policies), so a
--    copy of the text (a normal FTS5 table) would double the text on disk for nothing;
--  * contentless_delete=1 (SQLite >= 3.43) lets a trigger delete a row by rowid without supplying the old
--    values, which keeps the triggers simple and correct even when the old text is not at hand.
-- The trigram tokenizer (case_sensitive 0) indexes every 3-character sequence, so a quoted phrase finds any
-- case-insensitive substring of 3 or more characters. Shorter terms cannot be matched by it: the services
-- keep LIKE for 1-2 character terms.
CREATE VIRTUAL TABLE `users_fts` USING fts5(username, email, tokenize='trigram', content='', contentless_delete=1);
--> statement-breakpoint
CREATE VIRTUAL TABLE `policies_fts` USING fts5(policy_number, holder_name, driver_name, car_model, registration, username, tokenize='trigram', content='', contentless_delete=1);
--> statement-breakpoint
INSERT INTO `users_fts`(rowid, username, email) SELECT id, username, email FROM `users`;
--> statement-breakpoint
INSERT INTO `policies_fts`(rowid, policy_number, holder_name, driver_name, car_model, registration, username)
  SELECT p.id, p.policy_number, p.holder_name, p.driver_name, p.car_model, p.registration, u.username
  FROM `policies` p LEFT JOIN `users` u ON u.id = p.user_id;
--> statement-breakpoint
CREATE TRIGGER `users_fts_ai` AFTER INSERT ON `users` BEGIN
  INSERT INTO users_fts(rowid, username, email) VALUES (new.id, new.username, new.email);
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_ad` AFTER DELETE ON `users` BEGIN
  DELETE FROM users_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_au` AFTER UPDATE OF username, email ON `users` BEGIN
  DELETE FROM users_fts WHERE rowid = old.id;
  INSERT INTO users_fts(rowid, username, email) VALUES (new.id, new.username, new.email);
END;
--> statement-breakpoint
-- A renamed user: their policies are found by the new username, no longer by the old one.
-- (A deleted user's policies get user_id NULL through ON DELETE SET NULL, which fires policies_fts_au.)
CREATE TRIGGER `users_fts_au_policies` AFTER UPDATE OF username ON `users` WHEN old.username IS NOT new.username BEGIN
  DELETE FROM policies_fts WHERE rowid IN (SELECT id FROM policies WHERE user_id = new.id);
  INSERT INTO policies_fts(rowid, policy_number, holder_name, driver_name, car_model, registration, username)
    SELECT id, policy_number, holder_name, driver_name, car_model, registration, new.username
    FROM policies WHERE user_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `policies_fts_ai` AFTER INSERT ON `policies` BEGIN
  INSERT INTO policies_fts(rowid, policy_number, holder_name, driver_name, car_model, registration, username)
    VALUES (new.id, new.policy_number, new.holder_name, new.driver_name, new.car_model, new.registration,
            (SELECT username FROM users WHERE id = new.user_id));
END;
--> statement-breakpoint
CREATE TRIGGER `policies_fts_ad` AFTER DELETE ON `policies` BEGIN
  DELETE FROM policies_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `policies_fts_au` AFTER UPDATE OF policy_number, holder_name, driver_name, car_model, registration, user_id ON `policies` BEGIN
  DELETE FROM policies_fts WHERE rowid = old.id;
  INSERT INTO policies_fts(rowid, policy_number, holder_name, driver_name, car_model, registration, username)
    VALUES (new.id, new.policy_number, new.holder_name, new.driver_name, new.car_model, new.registration,
            (SELECT username FROM users WHERE id = new.user_id));
END;
--> statement-breakpoint
INSERT OR REPLACE INTO `counters`(name, value) VALUES
  ('users', (SELECT count(*) FROM `users`)),
  ('policies', (SELECT count(*) FROM `policies`)),
  ('policies_active', (SELECT count(*) FROM `policies` WHERE status = 'active'));
--> statement-breakpoint
CREATE TRIGGER `counters_users_ai` AFTER INSERT ON `users` BEGIN
  UPDATE counters SET value = value + 1 WHERE name = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `counters_users_ad` AFTER DELETE ON `users` BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'users';
END;
--> statement-breakpoint
CREATE TRIGGER `counters_policies_ai` AFTER INSERT ON `policies` BEGIN
  UPDATE counters SET value = value + 1 WHERE name = 'policies';
  UPDATE counters SET value = value + 1 WHERE name = 'policies_active' AND new.status = 'active';
END;
--> statement-breakpoint
CREATE TRIGGER `counters_policies_ad` AFTER DELETE ON `policies` BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'policies';
  UPDATE counters SET value = value - 1 WHERE name = 'policies_active' AND old.status = 'active';
END;
--> statement-breakpoint
CREATE TRIGGER `counters_policies_au_status` AFTER UPDATE OF status ON `policies` WHEN old.status IS NOT new.status BEGIN
  UPDATE counters SET value = value + (new.status = 'active') - (old.status = 'active') WHERE name = 'policies_active';
END;
