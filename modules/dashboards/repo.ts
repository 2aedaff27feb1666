// Queries of the dashboards module: the only code that touches the dashboard_links table. Scoped
// functions take the caller's scope first; the page lookup goes by token hash alone, since possession
// of the URL is the authorization.

import { and, desc, eq, isNull, lt, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { Scope } from '../shared/principal'
import { dashboardLinks } from './tables'

export type DashboardLinkRow = typeof dashboardLinks.$inferSelect

const inScope = (scope: Scope) =>
  and(eq(dashboardLinks.organization_id, scope.organization_id), eq(dashboardLinks.user_id, scope.user_id))

export async function insertLink(db: Database, row: DashboardLinkRow): Promise<void> {
  await db.insert(dashboardLinks).values(row)
}

export async function findLinkByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<DashboardLinkRow | undefined> {
  return db.query.dashboardLinks.findFirst({ where: eq(dashboardLinks.token_hash, tokenHash) })
}

export async function listLinks(
  db: Database,
  scope: Scope,
  filter: { before: string | null; limit: number },
) {
  const conditions: (SQL | undefined)[] = [inScope(scope)]
  if (filter.before) conditions.push(lt(dashboardLinks.id, filter.before))
  return db
    .select()
    .from(dashboardLinks)
    .where(and(...conditions))
    .orderBy(desc(dashboardLinks.id))
    .limit(filter.limit)
}

export async function findLink(
  db: Database,
  scope: Scope,
  id: string,
): Promise<DashboardLinkRow | undefined> {
  return db.query.dashboardLinks.findFirst({ where: and(inScope(scope), eq(dashboardLinks.id, id)) })
}

/** Stamp a link revoked (once); returns the row as it is afterwards, or undefined if not in scope. */
export async function revokeLink(db: Database, scope: Scope, id: string, now: string) {
  await db
    .update(dashboardLinks)
    .set({ revoked_at: now })
    .where(and(inScope(scope), eq(dashboardLinks.id, id), isNull(dashboardLinks.revoked_at)))
  return findLink(db, scope, id)
}
