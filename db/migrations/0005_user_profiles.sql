CREATE TABLE `user_profiles` (
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`sex` text,
	`birth_date` text,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`organization_id`, `user_id`)
);
