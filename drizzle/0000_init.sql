CREATE TABLE `audit_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`action` text NOT NULL,
	`level` text DEFAULT 'info' NOT NULL,
	`username` text,
	`user_id` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_logs_created_idx` ON `audit_logs` (`created_at`);--> statement-breakpoint
CREATE TABLE `callback_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`reason_for_contact` text NOT NULL,
	`insurance_type` text,
	`callback_date` text,
	`client_address` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `callback_requests_reference_uq` ON `callback_requests` (`reference`);--> statement-breakpoint
CREATE INDEX `callback_requests_status_created_idx` ON `callback_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `callback_requests_created_idx` ON `callback_requests` (`created_at`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_status_idx` ON `mail_outbox` (`status`,`id`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_reset_tokens_hash_uq` ON `password_reset_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `password_reset_tokens_expires_idx` ON `password_reset_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `policies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`policy_number` text NOT NULL,
	`user_id` integer,
	`holder_name` text NOT NULL,
	`car_model` text NOT NULL,
	`driver_name` text NOT NULL,
	`license_number` text NOT NULL,
	`registration` text,
	`start_date` text NOT NULL,
	`start_time` text NOT NULL,
	`end_date` text NOT NULL,
	`end_time` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `policies_policy_number_uq` ON `policies` (`policy_number`);--> statement-breakpoint
CREATE INDEX `policies_user_start_idx` ON `policies` (`user_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `policies_status_end_idx` ON `policies` (`status`,`end_at`);--> statement-breakpoint
CREATE TABLE `quote_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`postcode` text NOT NULL,
	`details` text NOT NULL,
	`fingerprint` text NOT NULL,
	`client_address` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quote_requests_reference_uq` ON `quote_requests` (`reference`);--> statement-breakpoint
CREATE INDEX `quote_requests_status_created_idx` ON `quote_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `quote_requests_created_idx` ON `quote_requests` (`created_at`);--> statement-breakpoint
CREATE INDEX `quote_requests_fingerprint_idx` ON `quote_requests` (`fingerprint`,`created_at`);--> statement-breakpoint
CREATE TABLE `revoked_tokens` (
	`jti` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `revoked_tokens_expires_idx` ON `revoked_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_start` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `throttle_window_idx` ON `throttle` (`window_start`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`is_owner` integer DEFAULT false NOT NULL,
	`session_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_lower_uq` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_lower_uq` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_is_owner_idx` ON `users` (`is_owner`);