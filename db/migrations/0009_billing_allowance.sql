CREATE TABLE `billing_allowance` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`used` integer NOT NULL,
	`updated_at` text NOT NULL
);
