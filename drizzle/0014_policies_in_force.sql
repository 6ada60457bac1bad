-- When a policy was first in force (docs/product.md#policies): a policy with it set is never deleted. Policies from
-- before the column count as in force from their creation when active, expired or cancelled: a cancelled one may
-- have been in force before it was cancelled, and the record keeps what may have been sold.
ALTER TABLE `policies` ADD `in_force_at` integer;
--> statement-breakpoint
UPDATE `policies` SET `in_force_at` = `created_at` WHERE `status` IN ('active', 'expired', 'cancelled');
