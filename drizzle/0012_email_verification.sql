ALTER TABLE `quote_requests` ADD `user_id` integer;--> statement-breakpoint
CREATE INDEX `quote_requests_user_created_idx` ON `quote_requests` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
-- Custom part (docs/product.md#e-mail-confirmation): accounts that accepted an invitation opened a link sent to
-- their address, so they count as confirmed from then; every other account is asked to confirm at its next sign-in.
UPDATE `users` SET `email_verified_at` = (
  SELECT max(t.`used_at`) FROM `password_reset_tokens` t WHERE t.`user_id` = `users`.`id` AND t.`purpose` = 'invite' AND t.`used_at` IS NOT NULL
) WHERE EXISTS (
  SELECT 1 FROM `password_reset_tokens` t WHERE t.`user_id` = `users`.`id` AND t.`purpose` = 'invite' AND t.`used_at` IS NOT NULL
);
--> statement-breakpoint
-- A request made with a confirmed account's address belongs to that account.
UPDATE `quote_requests` SET `user_id` = (
  SELECT u.`id` FROM `users` u WHERE lower(u.`email`) = lower(`quote_requests`.`email`) AND u.`email_verified_at` IS NOT NULL
) WHERE `user_id` IS NULL AND EXISTS (
  SELECT 1 FROM `users` u WHERE lower(u.`email`) = lower(`quote_requests`.`email`) AND u.`email_verified_at` IS NOT NULL
);
--> statement-breakpoint
-- A request whose policy lost its account (the account was deleted) stays with that account: 0, never claimed again.
UPDATE `quote_requests` SET `user_id` = 0
WHERE `user_id` IS NULL AND `policy_id` IN (SELECT p.`id` FROM `policies` p WHERE p.`user_id` IS NULL);
