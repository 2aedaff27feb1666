ALTER TABLE `genetic_findings` ADD `sample` text;--> statement-breakpoint
ALTER TABLE `genetics_jobs` ADD `sample` text;--> statement-breakpoint
ALTER TABLE `genetics_jobs` ADD `samples_in_file` integer;--> statement-breakpoint
ALTER TABLE `genetics_jobs` ADD `warnings` text;--> statement-breakpoint
ALTER TABLE `genetics_uploads` ADD `sample` text;