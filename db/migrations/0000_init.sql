CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`display_prefix` text NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text,
	`grants` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`last_used_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_token_hash_unique` ON `api_keys` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_owner` ON `api_keys` (`organization_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_org_user` ON `memberships` (`organization_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `observations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`source_id` text NOT NULL,
	`modality` text NOT NULL,
	`code` text NOT NULL,
	`original_name` text NOT NULL,
	`value` real,
	`value_text` text,
	`unit` text,
	`original_value` text,
	`original_unit` text,
	`observed_at` text NOT NULL,
	`observed_end` text,
	`device` text,
	`reference_low` real,
	`reference_high` real,
	`source_ref` text,
	`details` text
);
--> statement-breakpoint
CREATE INDEX `observations_scope_code` ON `observations` (`organization_id`,`user_id`,`code`,`observed_at`);--> statement-breakpoint
CREATE INDEX `observations_source` ON `observations` (`source_id`);--> statement-breakpoint
CREATE TABLE `oidc_identities` (
	`issuer` text NOT NULL,
	`subject` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oidc_identities_issuer_subject` ON `oidc_identities` (`issuer`,`subject`);--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`owner_user_id` text NOT NULL,
	`tier` text DEFAULT 'free' NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `otp_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`code_hash` text NOT NULL,
	`link_hash` text NOT NULL,
	`create_user` integer DEFAULT false NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL,
	`consumed_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `otp_challenges_link_hash_unique` ON `otp_challenges` (`link_hash`);--> statement-breakpoint
CREATE INDEX `otp_challenges_email` ON `otp_challenges` (`email`);--> statement-breakpoint
CREATE TABLE `sandbox_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_sessions_token_hash_unique` ON `sandbox_sessions` (`token_hash`);--> statement-breakpoint
CREATE TABLE `service_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`issued_by_key_id` text NOT NULL,
	`grants` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `service_tokens_token_hash_unique` ON `service_tokens` (`token_hash`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash_unique` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE TABLE `sources` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`modality` text NOT NULL,
	`format` text NOT NULL,
	`provider` text,
	`filename` text,
	`content_type` text,
	`record_count` integer DEFAULT 0 NOT NULL,
	`time_start` text,
	`time_end` text,
	`warnings` text NOT NULL,
	`details` text NOT NULL,
	`created_at` text NOT NULL,
	`deleted_at` text
);
--> statement-breakpoint
CREATE INDEX `sources_scope` ON `sources` (`organization_id`,`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`personal_organization_id` text NOT NULL,
	`billing_admin` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);