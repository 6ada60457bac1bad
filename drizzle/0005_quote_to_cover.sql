-- The broker's working day (docs/product.md#staff-queues): what a quote request asked for as columns, who is
-- working each request, staff notes, the offer sent and the policy issued; invitations beside reset links;
-- attachments in the outbox. References added to an existing table say ON DELETE SET NULL by hand:
-- drizzle-kit leaves it out of ALTER TABLE, and a deleted staff account or policy must not block.

CREATE TABLE `request_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_kind` text NOT NULL,
	`request_id` integer NOT NULL,
	`author_id` integer,
	`author_username` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `request_notes_request_idx` ON `request_notes` (`request_kind`,`request_id`,`id`);--> statement-breakpoint
ALTER TABLE `callback_requests` ADD `assignee_id` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `attachments` text;--> statement-breakpoint
ALTER TABLE `password_reset_tokens` ADD `purpose` text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `product` text;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `requested_start_at` integer;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `duration_value` integer;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `duration_unit` text;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `assignee_id` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `offer_premium_pence` integer;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `offer_valid_until` integer;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `offered_at` integer;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `policy_id` integer REFERENCES policies(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `quote_requests_email_idx` ON `quote_requests` (lower("email"));