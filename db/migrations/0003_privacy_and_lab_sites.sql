CREATE TABLE `lab_sites` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`operator` text,
	`address` text NOT NULL,
	`city` text NOT NULL,
	`region` text,
	`postal_code` text,
	`country` text NOT NULL,
	`lat` real NOT NULL,
	`lon` real NOT NULL,
	`phone` text,
	`hours` text,
	`services` text,
	`source_url` text,
	`checked_at` text,
	`synthetic` integer DEFAULT false NOT NULL,
	`imported_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `privacy_deletions` (
	`id` text PRIMARY KEY NOT NULL,
	`subject_hash` text NOT NULL,
	`pending_subject` text,
	`state` text NOT NULL,
	`receipt` text,
	`requested_at` text NOT NULL,
	`completed_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `privacy_deletions_subject_hash_unique` ON `privacy_deletions` (`subject_hash`);--> statement-breakpoint
CREATE TABLE `privacy_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`state` text NOT NULL,
	`percent` integer DEFAULT 0 NOT NULL,
	`stage` text NOT NULL,
	`bytes_total` integer DEFAULT 0 NOT NULL,
	`blob_key` text NOT NULL,
	`archive_bytes` integer,
	`download_token_hash` text,
	`download_expires_at` text,
	`error` text,
	`created_at` text NOT NULL,
	`finished_at` text
);
