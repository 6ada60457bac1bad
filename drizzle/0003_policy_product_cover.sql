ALTER TABLE `policies` ADD `product` text DEFAULT 'temporary' NOT NULL;--> statement-breakpoint
ALTER TABLE `policies` ADD `premium_pence` integer;--> statement-breakpoint
ALTER TABLE `policies` ADD `verify_code` text;--> statement-breakpoint
ALTER TABLE `policies` ADD `ended_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `policies_verify_code_uq` ON `policies` (`verify_code`);--> statement-breakpoint
CREATE INDEX `policies_product_idx` ON `policies` (`product`);--> statement-breakpoint
-- Existing policies: every one gets its verification code (104 random bits as 26 upper-case hex digits, all
-- within the Crockford alphabet new codes use), and those already expired ended at their end.
UPDATE `policies` SET `verify_code` = hex(randomblob(13)) WHERE `verify_code` IS NULL;
--> statement-breakpoint
UPDATE `policies` SET `ended_at` = `end_at` WHERE `status` = 'expired' AND `ended_at` IS NULL;
