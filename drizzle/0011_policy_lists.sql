CREATE TABLE `policy_lists` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`json` text NOT NULL
);
--> statement-breakpoint
-- Custom part (after drizzle-kit's CREATE TABLE): each account's policies as the API answers them, stored
-- (src-server/db/schema/policy-lists.ts, docs/performance.md#the-policy-list-read).
--
-- policy_list_source builds an account's list from its policies: PolicyView's fields in its order (premium stored
-- in pence, answered in pounds), the account's username on each item, newest start first. The triggers below
-- store it again, in the writing statement's own transaction, whenever a write changes it. A change to PolicyView
-- needs a migration that recreates this view (and the UPDATE OF list below if a new column is shown) and runs the
-- rebuild below again.
CREATE VIEW `policy_list_source` AS SELECT u.id AS user_id, coalesce((
  -- The list in its documented order: json_group_array as a window function adds the rows in the window's ORDER BY
  -- order, and the whole-partition frame makes every row's value the whole list (an ORDER BY inside the aggregate's
  -- own parentheses says the same, but the libSQL server's SQL parser refuses it). No policies: no row, so '[]'.
  SELECT json FROM (
    SELECT json_group_array(
      json_object(
        'id', id,
        'policyNumber', policy_number,
        'userId', user_id,
        'holderName', holder_name,
        'carModel', car_model,
        'driverName', driver_name,
        'licenseNumber', license_number,
        'registration', registration,
        'startDate', start_date,
        'startTime', start_time,
        'endDate', end_date,
        'endTime', end_time,
        'status', status,
        'product', product,
        'premium', premium_pence / 100.0,
        'username', u.username
      )) OVER (ORDER BY start_at DESC, id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS json
    FROM policies WHERE user_id = u.id
  ) LIMIT 1
), '[]') AS json FROM users u;
--> statement-breakpoint
INSERT INTO policy_lists (user_id, json) SELECT user_id, json FROM policy_list_source s
  WHERE EXISTS (SELECT 1 FROM policies p WHERE p.user_id = s.user_id);
--> statement-breakpoint
CREATE TRIGGER `policy_lists_policies_ai` AFTER INSERT ON `policies` WHEN new.user_id IS NOT NULL BEGIN
  INSERT OR REPLACE INTO policy_lists (user_id, json) SELECT user_id, json FROM policy_list_source WHERE user_id = new.user_id;
END;
--> statement-breakpoint
-- Only the columns a list shows or sorts by: a reminder's bookkeeping changes no list.
CREATE TRIGGER `policy_lists_policies_au` AFTER UPDATE OF policy_number, user_id, holder_name, car_model, driver_name, license_number, registration, start_date, start_time, end_date, end_time, start_at, status, product, premium_pence ON `policies` BEGIN
  INSERT OR REPLACE INTO policy_lists (user_id, json) SELECT user_id, json FROM policy_list_source WHERE user_id = new.user_id;
  -- Moved to another account, or off a deleted one's: the list it left too.
  INSERT OR REPLACE INTO policy_lists (user_id, json) SELECT user_id, json FROM policy_list_source
    WHERE user_id = old.user_id AND old.user_id IS NOT new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `policy_lists_policies_ad` AFTER DELETE ON `policies` WHEN old.user_id IS NOT NULL BEGIN
  INSERT OR REPLACE INTO policy_lists (user_id, json) SELECT user_id, json FROM policy_list_source WHERE user_id = old.user_id;
END;
--> statement-breakpoint
-- The username is on every item.
CREATE TRIGGER `policy_lists_users_au` AFTER UPDATE OF username ON `users` WHEN old.username IS NOT new.username BEGIN
  INSERT OR REPLACE INTO policy_lists (user_id, json) SELECT user_id, json FROM policy_list_source WHERE user_id = new.id;
END;
--> statement-breakpoint
-- A deleted account's policies stay (user_id set null, by the foreign key) and its list goes.
CREATE TRIGGER `policy_lists_users_ad` AFTER DELETE ON `users` BEGIN
  DELETE FROM policy_lists WHERE user_id = old.id;
END;
