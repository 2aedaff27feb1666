CREATE TABLE `billing_stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created` integer NOT NULL,
	`payload` text NOT NULL,
	`received_at` text NOT NULL,
	`processed_at` text,
	`error` text
);
--> statement-breakpoint
CREATE TABLE `billing_subscriptions` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`subscription_id` text,
	`tier` text,
	`status` text,
	`current_period_end` integer,
	`state_at` integer NOT NULL,
	`updated_at` text NOT NULL
);
