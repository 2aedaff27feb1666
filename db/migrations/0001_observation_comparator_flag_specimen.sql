ALTER TABLE `observations` ADD `comparator` text;--> statement-breakpoint
ALTER TABLE `observations` ADD `lab_flag` text;--> statement-breakpoint
ALTER TABLE `observations` ADD `specimen` text;