ALTER TABLE `genetic_findings` ADD `imputed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `genetic_findings` ADD `imputation_r2` real;