CREATE TABLE `audit_events` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`event` text NOT NULL,
	`outcome` text NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_credential_id` text,
	`target` text,
	`reason` text,
	`request_id` text,
	`ip` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_events_scope` ON `audit_events` (`organization_id`,`user_id`,`id`);