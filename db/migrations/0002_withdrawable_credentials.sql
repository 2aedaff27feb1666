ALTER TABLE `service_tokens` ADD `revoked_at` text;--> statement-breakpoint
CREATE INDEX `service_tokens_organization` ON `service_tokens` (`organization_id`);--> statement-breakpoint
CREATE INDEX `sessions_owner` ON `sessions` (`organization_id`,`user_id`);