CREATE TABLE `action_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`analysis_id` text NOT NULL,
	`plan` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `action_plans_analysis` ON `action_plans` (`organization_id`,`user_id`,`analysis_id`,`id`);--> statement-breakpoint
CREATE TABLE `analyses` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`source_ids` text NOT NULL,
	`result` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analyses_scope` ON `analyses` (`organization_id`,`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `ancestry_results` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`source_id` text NOT NULL,
	`result` text NOT NULL,
	`created_at` text NOT NULL,
	`requested_at` text
);
--> statement-breakpoint
CREATE INDEX `ancestry_results_scope` ON `ancestry_results` (`organization_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ancestry_results_source` ON `ancestry_results` (`source_id`);--> statement-breakpoint
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
CREATE TABLE `dashboard_links` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`analysis_id` text NOT NULL,
	`design_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`snapshot` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dashboard_links_token_hash_unique` ON `dashboard_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `dashboard_links_scope` ON `dashboard_links` (`organization_id`,`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `genetic_findings` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`source_id` text NOT NULL,
	`entry_id` text NOT NULL,
	`rsid` text,
	`gene` text,
	`label` text NOT NULL,
	`category` text NOT NULL,
	`genotype` text NOT NULL,
	`zygosity` text NOT NULL,
	`alt_copies` integer NOT NULL,
	`interpretation` text NOT NULL,
	`evidence_level` text NOT NULL,
	`evidence_summary` text NOT NULL,
	`citations` text NOT NULL,
	`matched_by` text NOT NULL,
	`filter` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `genetic_findings_scope` ON `genetic_findings` (`organization_id`,`user_id`,`source_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `genetic_findings_source_entry` ON `genetic_findings` (`source_id`,`entry_id`);--> statement-breakpoint
CREATE TABLE `genetics_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`upload_id` text NOT NULL,
	`state` text NOT NULL,
	`stage` text NOT NULL,
	`annotation_depth` text NOT NULL,
	`bytes_done` integer DEFAULT 0 NOT NULL,
	`bytes_total` integer,
	`records` integer DEFAULT 0 NOT NULL,
	`percent` integer DEFAULT 0 NOT NULL,
	`progress_updated_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer NOT NULL,
	`error` text,
	`source_id` text,
	`cancel_requested_at` text,
	`created_at` text NOT NULL,
	`started_at` text,
	`finished_at` text
);
--> statement-breakpoint
CREATE INDEX `genetics_jobs_scope` ON `genetics_jobs` (`organization_id`,`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `genetics_jobs_org_state` ON `genetics_jobs` (`organization_id`,`state`);--> statement-breakpoint
CREATE UNIQUE INDEX `genetics_jobs_upload` ON `genetics_jobs` (`upload_id`);--> statement-breakpoint
CREATE TABLE `genetics_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`provider` text,
	`size_bytes` integer NOT NULL,
	`sha256` text,
	`annotation_depth` text NOT NULL,
	`state` text NOT NULL,
	`storage` text NOT NULL,
	`blob_key` text NOT NULL,
	`multipart_upload_id` text,
	`part_size` integer,
	`part_count` integer,
	`token_hash` text NOT NULL,
	`received_bytes` integer DEFAULT 0 NOT NULL,
	`verified_sha256` text,
	`detected_format` text,
	`job_id` text,
	`expires_at` text NOT NULL,
	`created_at` text NOT NULL,
	`completed_at` text
);
--> statement-breakpoint
CREATE INDEX `genetics_uploads_scope` ON `genetics_uploads` (`organization_id`,`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `genetics_uploads_open` ON `genetics_uploads` (`state`,`expires_at`);--> statement-breakpoint
CREATE TABLE `goals` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`marker` text,
	`direction` text,
	`target_value` real,
	`unit` text,
	`due_date` text,
	`notes` text,
	`created_at` text NOT NULL,
	`deleted_at` text
);
--> statement-breakpoint
CREATE INDEX `goals_scope` ON `goals` (`organization_id`,`user_id`,`id`);--> statement-breakpoint
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
CREATE TABLE `queue_tasks` (
	`key` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`task` text NOT NULL,
	`payload` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer NOT NULL,
	`run_at` integer NOT NULL,
	`locked_by` text,
	`last_error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `queue_tasks_ready` ON `queue_tasks` (`state`,`run_at`);--> statement-breakpoint
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