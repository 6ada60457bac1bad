import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Each account's policies as the API answers them: a JSON array of PolicyView (the account's username on each
 * item), newest start first. Kept by triggers in the same transaction as every write that changes it: a policy
 * made, changed, moved to another account or deleted, an account renamed or deleted (drizzle/0011_policy_lists.sql).
 * GET /api/user/policies and the dashboard read one row here instead of building the JSON from the policies on
 * every request (docs/performance.md#the-policy-list-read). No row: the account has no policies.
 *
 * The list's shape is written once, in the view policy_list_source. A change to PolicyView's fields needs a migration
 * that recreates that view (and the update trigger, if a newly shown column must rebuild the list) and rebuilds every row;
 * tests/server/policy-lists.test.ts compares the stored lists with toPolicyView after each kind of write.
 */
export const policyLists = sqliteTable('policy_lists', {
  userId: integer('user_id').primaryKey(),
  json: text('json').notNull(),
});
