// The policy list read model: each account's PolicyView[] as JSON in policy_lists, kept by triggers, so policies.mine
// is one primary-key read (docs/performance.md#server-performance-devices). All its SQL is here; migration 0011 applies
// MIGRATION (a test holds them together). A change to PolicyView's fields needs a new migration that runs REBUILD.
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { PolicyView } from '../../../contract/views';

/** No row: the account has no policies. */
export const policyLists = sqliteTable('policy_lists', {
  userId: integer('user_id').primaryKey(),
  json: text('json').notNull(),
});

// An account's list built from its policies (premium in pence, answered in pounds). A window function, not ORDER BY
// inside json_group_array, which the libSQL server's parser refuses. No policies: no row, so '[]'.
const VIEW = `CREATE VIEW \`policy_list_source\` AS SELECT u.id AS user_id, coalesce((
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
), '[]') AS json FROM users u;`;

/** Every account with policies gets its list. */
const REBUILD = `INSERT INTO policy_lists (user_id, json) SELECT user_id, json FROM policy_list_source s
  WHERE EXISTS (SELECT 1 FROM policies p WHERE p.user_id = s.user_id);`;

/** Stores one account's list again (`userId`: an SQL expression). */
const store = (userId: string) => `INSERT OR REPLACE INTO policy_lists (user_id, json) SELECT user_id, json FROM policy_list_source WHERE user_id = ${userId};`;

const TRIGGERS = [
  `CREATE TRIGGER \`policy_lists_policies_ai\` AFTER INSERT ON \`policies\` WHEN new.user_id IS NOT NULL BEGIN
  ${store('new.user_id')}
END;`,
  // Only the columns a list shows or sorts by: a reminder's bookkeeping changes no list. A policy moved to another
  // account, or off a deleted one's, changes the list it left too.
  `CREATE TRIGGER \`policy_lists_policies_au\` AFTER UPDATE OF policy_number, user_id, holder_name, car_model, driver_name, license_number, registration, start_date, start_time, end_date, end_time, start_at, status, product, premium_pence ON \`policies\` BEGIN
  ${store('new.user_id')}
  INSERT OR REPLACE INTO policy_lists (user_id, json) SELECT user_id, json FROM policy_list_source
    WHERE user_id = old.user_id AND old.user_id IS NOT new.user_id;
END;`,
  `CREATE TRIGGER \`policy_lists_policies_ad\` AFTER DELETE ON \`policies\` WHEN old.user_id IS NOT NULL BEGIN
  ${store('old.user_id')}
END;`,
  // The username is on every item.
  `CREATE TRIGGER \`policy_lists_users_au\` AFTER UPDATE OF username ON \`users\` WHEN old.username IS NOT new.username BEGIN
  ${store('new.id')}
END;`,
  // A deleted account's policies stay (user_id set null, by the foreign key) and its list goes.
  `CREATE TRIGGER \`policy_lists_users_ad\` AFTER DELETE ON \`users\` BEGIN
  DELETE FROM policy_lists WHERE user_id = old.id;
END;`,
];

/** The statements drizzle/0011_policy_lists.sql runs after creating the table, in its order. */
export const POLICY_LIST_MIGRATION: readonly string[] = [VIEW, REBUILD, ...TRIGGERS];

/** An account's stored list by its user id (the one parameter); no row: no policies, '[]'. */
export const POLICY_LIST_READ_SQL = `select coalesce((select json from policy_lists where user_id = ?), '[]')`;

/** The stored JSON as the API's answer: it is PolicyView[] already, written by the view above. */
export const policyListOf = (json: string): PolicyView[] => JSON.parse(json) as PolicyView[];
