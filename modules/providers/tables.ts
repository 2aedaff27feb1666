// Table of the providers module: lab draw sites, loaded by the operator (`bun run labs:import FILE`).
// Reference data, not about any user.

import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const labSites = sqliteTable('lab_sites', {
  /** The operator's own id for the site, stable across imports. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  operator: text('operator'),
  address: text('address').notNull(),
  city: text('city').notNull(),
  region: text('region'),
  postal_code: text('postal_code'),
  /** ISO 3166-1 alpha-2. */
  country: text('country').notNull(),
  lat: real('lat').notNull(),
  lon: real('lon').notNull(),
  phone: text('phone'),
  hours: text('hours'),
  services: text('services'),
  source_url: text('source_url'),
  checked_at: text('checked_at'),
  /** Made-up sample data (the repository's sample file); never shown as a real place without saying so. */
  synthetic: integer('synthetic', { mode: 'boolean' }).notNull().default(false),
  imported_at: text('imported_at').notNull(),
})
