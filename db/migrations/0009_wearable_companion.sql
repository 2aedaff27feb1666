CREATE TABLE `wearable_device_credentials` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wearable_device_credentials_token_hash_unique` ON `wearable_device_credentials` (`token_hash`);--> statement-breakpoint
CREATE INDEX `wearable_device_credentials_user` ON `wearable_device_credentials` (`organization_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `wearable_uploaded_records` (
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`store` text NOT NULL,
	`record_id` text NOT NULL,
	`content_hash` text NOT NULL,
	`source_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wearable_uploaded_records_key` ON `wearable_uploaded_records` (`organization_id`,`user_id`,`store`,`record_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_wearable_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_user_id` text NOT NULL,
	`access_token` text,
	`refresh_token` text,
	`token_expires_at` text,
	`scopes` text NOT NULL,
	`client_id` text,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`last_sync_at` text
);
--> statement-breakpoint
INSERT INTO `__new_wearable_connections`("id", "organization_id", "user_id", "provider", "provider_user_id", "access_token", "refresh_token", "token_expires_at", "scopes", "client_id", "status", "created_at", "updated_at", "last_sync_at") SELECT "id", "organization_id", "user_id", "provider", "provider_user_id", "access_token", "refresh_token", "token_expires_at", "scopes", "client_id", "status", "created_at", "updated_at", "last_sync_at" FROM `wearable_connections`;--> statement-breakpoint
DROP TABLE `wearable_connections`;--> statement-breakpoint
ALTER TABLE `__new_wearable_connections` RENAME TO `wearable_connections`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `wearable_connections_user_provider` ON `wearable_connections` (`organization_id`,`user_id`,`provider`);--> statement-breakpoint
ALTER TABLE `wearable_authorizations` ADD `connection_code_hash` text;--> statement-breakpoint
ALTER TABLE `wearable_authorizations` ADD `code_expires_at` text;