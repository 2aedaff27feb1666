CREATE TABLE `billing_usage` (
	`organization_id` text NOT NULL,
	`period` text NOT NULL,
	`quota` text NOT NULL,
	`used` integer NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`organization_id`, `period`, `quota`)
);
