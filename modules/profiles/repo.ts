// Queries of the profiles module: the only code that touches user_profiles, always within the caller's
// scope.

import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { Scope } from '../shared/principal'
import { userProfiles } from './tables'

export type ProfileRow = typeof userProfiles.$inferSelect

export async function findProfile(db: Database, scope: Scope): Promise<ProfileRow | null> {
  const rows = await db
    .select()
    .from(userProfiles)
    .where(
      and(eq(userProfiles.organization_id, scope.organization_id), eq(userProfiles.user_id, scope.user_id)),
    )
    .limit(1)
  return rows[0] ?? null
}

export async function saveProfile(db: Database, row: ProfileRow): Promise<void> {
  await db
    .insert(userProfiles)
    .values(row)
    .onConflictDoUpdate({
      target: [userProfiles.organization_id, userProfiles.user_id],
      set: { sex: row.sex, birth_date: row.birth_date, updated_at: row.updated_at },
    })
}
