CREATE TABLE `idempotent_responses` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`payment_hash` text,
	`request_hash` text NOT NULL,
	`status` integer NOT NULL,
	`content_type` text NOT NULL,
	`body` text NOT NULL,
	`state` text NOT NULL,
	`payment_response` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idempotent_responses_user_key` ON `idempotent_responses` (`user_id`,`key`);--> statement-breakpoint
CREATE UNIQUE INDEX `idempotent_responses_payment` ON `idempotent_responses` (`payment_hash`);--> statement-breakpoint
CREATE INDEX `idempotent_responses_scope` ON `idempotent_responses` (`organization_id`,`user_id`);