-- Claims reported from the phone (docs/product.md#reporting-a-claim) and their photos, re-encoded by the server. Generated
-- by drizzle-kit.
CREATE TABLE `claim_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`claim_id` integer NOT NULL,
	`position` integer NOT NULL,
	`mime` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`taken_at` integer,
	`bytes` blob NOT NULL,
	`thumbnail` blob NOT NULL,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claim_photos_claim_position_uq` ON `claim_photos` (`claim_id`,`position`);--> statement-breakpoint
CREATE TABLE `claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text NOT NULL,
	`user_id` integer NOT NULL,
	`client_id` text NOT NULL,
	`policy_id` integer NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`kind` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`location` text NOT NULL,
	`latitude` real,
	`longitude` real,
	`accuracy` real,
	`description` text NOT NULL,
	`phone` text NOT NULL,
	`injuries` integer NOT NULL,
	`answers` text NOT NULL,
	`assignee_id` integer,
	`due_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`policy_id`) REFERENCES `policies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`assignee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claims_reference_uq` ON `claims` (`reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `claims_user_client_uq` ON `claims` (`user_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `claims_status_due_idx` ON `claims` (`status`,`due_at`);--> statement-breakpoint
CREATE INDEX `claims_created_idx` ON `claims` (`created_at`);--> statement-breakpoint
CREATE INDEX `claims_policy_idx` ON `claims` (`policy_id`);