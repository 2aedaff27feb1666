CREATE TABLE `lab_sites` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`operator` text,
	`address` text NOT NULL,
	`city` text NOT NULL,
	`region` text,
	`postal_code` text,
	`country` text NOT NULL,
	`lat` real NOT NULL,
	`lon` real NOT NULL,
	`phone` text,
	`hours` text,
	`services` text,
	`source_url` text,
	`checked_at` text,
	`synthetic` integer DEFAULT false NOT NULL,
	`imported_at` text NOT NULL
);
