// Nearest lab draw sites: a static k-d tree (kdbush) over the sites, searched on the sphere (geokdbush:
// great-circle distances, nearest first). Rebuilt when the site list changes.

import { around, distance } from 'geokdbush'
import KDBush from 'kdbush'
import type { LabSite } from './repo'

export const KM_PER_MILE = 1.609344

export interface NearbySite {
  site: LabSite
  distance_miles: number
}

export class LabSiteIndex {
  private readonly index: KDBush | null

  constructor(readonly sites: readonly LabSite[]) {
    if (sites.length === 0) {
      this.index = null
      return
    }
    const index = new KDBush(sites.length)
    for (const site of sites) index.add(site.lon, site.lat)
    index.finish()
    this.index = index
  }

  private withDistance(id: number, lat: number, lon: number): NearbySite {
    const site = this.sites[id]
    const km = distance(lon, lat, site.lon, site.lat)
    return { site, distance_miles: Math.round((km / KM_PER_MILE) * 100) / 100 }
  }

  /** Sites within the radius, nearest first (at most `limit`). */
  within(lat: number, lon: number, radiusMiles: number, limit: number): NearbySite[] {
    if (!this.index) return []
    return around(this.index, lon, lat, limit, radiusMiles * KM_PER_MILE).map((id) =>
      this.withDistance(id, lat, lon),
    )
  }

  /** The single nearest site, however far. */
  nearest(lat: number, lon: number): NearbySite | null {
    if (!this.index) return null
    const [id] = around(this.index, lon, lat, 1)
    return id === undefined ? null : this.withDistance(id, lat, lon)
  }
}
