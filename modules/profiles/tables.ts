// Tables of the profiles module: the sex and birth date a user set themselves. Values read from uploaded
// data (Apple Health <Me>, a FHIR Patient) are not stored here; they stay with their source and fill in
// only what the user has not set.

import { primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const userProfiles = sqliteTable(
  'user_profiles',
  {
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    sex: text('sex', { enum: ['female', 'male'] }),
    birth_date: text('birth_date'),
    updated_at: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.user_id] })],
)
