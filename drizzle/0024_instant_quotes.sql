CREATE TABLE `checkout_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`policy_id` integer NOT NULL,
	`kind` text NOT NULL,
	`extension_id` integer,
	`amount_pence` integer NOT NULL,
	`currency` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`paid_at` integer,
	`payment_intent` text,
	FOREIGN KEY (`policy_id`) REFERENCES `policies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkout_sessions_session_uq` ON `checkout_sessions` (`session_id`);--> statement-breakpoint
CREATE INDEX `checkout_sessions_policy_idx` ON `checkout_sessions` (`policy_id`,`id`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`event_id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer NOT NULL,
	`outcome` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payment_events_received_idx` ON `payment_events` (`received_at`);--> statement-breakpoint
CREATE TABLE `policy_extensions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`policy_id` integer NOT NULL,
	`duration_value` integer NOT NULL,
	`duration_unit` text NOT NULL,
	`from_end_at` integer NOT NULL,
	`new_end_at` integer NOT NULL,
	`premium_pence` integer NOT NULL,
	`ipt_pence` integer NOT NULL,
	`rate_version_id` integer NOT NULL,
	`valid_until` integer NOT NULL,
	`created_at` integer NOT NULL,
	`user_id` integer NOT NULL,
	`paid_at` integer,
	FOREIGN KEY (`policy_id`) REFERENCES `policies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `policy_extensions_policy_idx` ON `policy_extensions` (`policy_id`,`id`);--> statement-breakpoint
CREATE TABLE `rate_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`example` integer DEFAULT false NOT NULL,
	`rates` text NOT NULL,
	`effective_from` integer NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_by_id` integer
);
--> statement-breakpoint
CREATE INDEX `rate_versions_effective_idx` ON `rate_versions` (`effective_from`,`id`);--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `decision` text;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `decision_reason` text;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `decision_rule` text;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `rate_version_id` integer;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `offer_ipt_pence` integer;--> statement-breakpoint
CREATE INDEX `quote_requests_decision_created_idx` ON `quote_requests` (`decision`,`created_at`);