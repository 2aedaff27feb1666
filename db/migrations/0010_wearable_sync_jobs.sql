CREATE TABLE `wearable_sync_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_user_id` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`state` text NOT NULL,
	`stage` text NOT NULL,
	`percent` integer DEFAULT 0 NOT NULL,
	`trigger` text NOT NULL,
	`credentials_secret` text,
	`refreshed_token_secret` text,
	`source_id` text,
	`record_count` integer,
	`observation_count` integer,
	`error` text,
	`created_at` text NOT NULL,
	`started_at` text,
	`finished_at` text
);
--> statement-breakpoint
CREATE INDEX `wearable_sync_jobs_user` ON `wearable_sync_jobs` (`organization_id`,`user_id`,`id`);