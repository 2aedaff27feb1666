// Queries of the webhooks module: the only code touching its tables. Endpoints and deliveries belong to
// a workspace (organization_id); every read and write filters by it.

import { and, desc, eq, lt, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './tables'

export type EndpointRow = typeof webhookEndpoints.$inferSelect
export type EventRow = typeof webhookEvents.$inferSelect
export type DeliveryRow = typeof webhookDeliveries.$inferSelect

export async function insertEndpoint(db: Database, row: EndpointRow): Promise<void> {
  await db.insert(webhookEndpoints).values(row)
}

export async function listEndpoints(
  db: Database,
  organizationId: string,
  page: { before: string | null; limit: number },
) {
  const conditions: SQL[] = [eq(webhookEndpoints.organization_id, organizationId)]
  if (page.before) conditions.push(lt(webhookEndpoints.id, page.before))
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(...conditions))
    .orderBy(desc(webhookEndpoints.id))
    .limit(page.limit)
}

/** Every endpoint of the workspace (for emitting: a workspace has a handful). */
export async function endpointsOf(db: Database, organizationId: string): Promise<EndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.organization_id, organizationId))
}

export async function findEndpoint(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organization_id, organizationId), eq(webhookEndpoints.id, id)))
  return row ?? null
}

/** Remove an endpoint and its deliveries; false when the workspace has no such endpoint. */
export async function deleteEndpoint(db: Database, organizationId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.organization_id, organizationId), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id })
    if (rows.length === 0) return false
    await tx
      .delete(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.organization_id, organizationId), eq(webhookDeliveries.endpoint_id, id)),
      )
    return true
  })
}

/** Store an event once; false when an event with this id was already stored (a repeated emission). */
export async function insertEvent(db: Database, row: EventRow): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id })
  return rows.length > 0
}

export async function findEvent(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.organization_id, organizationId), eq(webhookEvents.id, id)))
  return row ?? null
}

export async function insertDelivery(db: Database, row: DeliveryRow): Promise<void> {
  await db.insert(webhookDeliveries).values(row)
}

export async function listDeliveries(
  db: Database,
  organizationId: string,
  filter: { endpointId?: string; before: string | null; limit: number },
) {
  const conditions: SQL[] = [eq(webhookDeliveries.organization_id, organizationId)]
  if (filter.endpointId) conditions.push(eq(webhookDeliveries.endpoint_id, filter.endpointId))
  if (filter.before) conditions.push(lt(webhookDeliveries.id, filter.before))
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.id))
    .limit(filter.limit)
}

export async function findDelivery(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.organization_id, organizationId), eq(webhookDeliveries.id, id)))
  return row ?? null
}

export async function updateDelivery(
  db: Database,
  organizationId: string,
  id: string,
  patch: Partial<DeliveryRow>,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set(patch)
    .where(and(eq(webhookDeliveries.organization_id, organizationId), eq(webhookDeliveries.id, id)))
}
