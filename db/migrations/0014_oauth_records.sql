CREATE TABLE `oauth_records` (
	`model` text NOT NULL,
	`id` text NOT NULL,
	`payload` text NOT NULL,
	`grant_id` text,
	`uid` text,
	`user_code` text,
	`user_id` text,
	`expires_at` integer,
	`consumed_at` integer,
	PRIMARY KEY(`model`, `id`)
);
--> statement-breakpoint
CREATE INDEX `oauth_records_grant` ON `oauth_records` (`grant_id`);--> statement-breakpoint
CREATE INDEX `oauth_records_uid` ON `oauth_records` (`uid`);--> statement-breakpoint
CREATE INDEX `oauth_records_user` ON `oauth_records` (`user_id`,`model`);