ALTER TABLE `sources` ADD `observation_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `observations_scope_time` ON `observations` (`organization_id`,`user_id`,`modality`,`observed_at`);--> statement-breakpoint
UPDATE `sources` SET `observation_count` = (SELECT count(*) FROM `observations` WHERE `observations`.`source_id` = `sources`.`id`);