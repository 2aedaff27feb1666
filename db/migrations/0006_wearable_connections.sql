CREATE TABLE `wearable_authorizations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`code_verifier_secret` text,
	`redirect_uri` text NOT NULL,
	`client_id` text,
	`app_state` text,
	`scopes` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `wearable_authorizations_user` ON `wearable_authorizations` (`organization_id`,`user_id`,`provider`);--> statement-breakpoint
CREATE TABLE `wearable_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_user_id` text NOT NULL,
	`access_token` text NOT NULL,
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
CREATE UNIQUE INDEX `wearable_connections_user_provider` ON `wearable_connections` (`organization_id`,`user_id`,`provider`);