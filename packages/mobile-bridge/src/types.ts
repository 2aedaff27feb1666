// The upload protocol's record shape (POST /connections/wearables/records; the JSON Schema is in the
// service's /openapi.json) and the interfaces the app implements: where the token comes from and where
// the anchors are kept. Secure storage stays the app's: this package never stores anything itself.

export type Store = 'apple_health' | 'samsung_health' | 'health_connect'

export interface DeviceMetadata {
  manufacturer?: string
  model?: string
  name?: string
  type?: 'watch' | 'phone' | 'ring' | 'band' | 'scale' | 'chest_strap' | 'unknown'
}

export interface UploadRecord {
  id: string
  type: string
  start: string
  end?: string
  zone_offset?: string
  value?: number
  unit?: string
  category?: string | number
  device?: DeviceMetadata
  source_app?: string
}

export interface UploadResult {
  source: Store
  received: number
  accepted: number
  duplicates: number
  skipped: { id: string; type: string; reason: string }[]
  skipped_count: number
  source_id: string | null
  observation_count: number
  warnings: { code: string; message: string }[]
}

/**
 * Where the bearer token comes from: the person's API key, a per-user service token your backend
 * mints, or the companion app's device credential. `refresh` is called once after a 401 and must
 * return a new token (for a service token: ask your backend to mint one); throw to give up.
 */
export interface TokenProvider {
  token(): Promise<string>
  refresh(): Promise<string>
}

/** Where the last uploaded anchor of each data type is kept (the app's own storage). */
export interface AnchorStore {
  get(dataType: string): Promise<string | null>
  set(dataType: string, anchor: string): Promise<void>
}

/** An in-memory anchor store, for tests and for apps that keep anchors elsewhere. */
export class MemoryAnchorStore implements AnchorStore {
  private readonly anchors = new Map<string, string>()
  async get(dataType: string) {
    return this.anchors.get(dataType) ?? null
  }
  async set(dataType: string, anchor: string) {
    this.anchors.set(dataType, anchor)
  }
}
