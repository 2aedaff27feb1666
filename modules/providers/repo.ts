// Database access of the providers module: the lab draw sites.

import type { Database } from '../../db/client'
import { labSites } from './tables'

export type LabSite = typeof labSites.$inferSelect
export type NewLabSite = typeof labSites.$inferInsert

export async function allSites(db: Database): Promise<LabSite[]> {
  return db.select().from(labSites)
}

/** Store sites (insert or update by id); with `replace`, every other site is removed first. */
export async function saveSites(db: Database, sites: NewLabSite[], replace: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    if (replace) await tx.delete(labSites)
    for (const site of sites) {
      await tx.insert(labSites).values(site).onConflictDoUpdate({ target: labSites.id, set: site })
    }
  })
}
