// oidc-provider's storage adapter on the service's SQLite database (the oauth_records table).
// The contract (upsert/find/findByUid/findByUserCode/consume/destroy/revokeByGrantId) is the library's;
// what is ours: a token or code is keyed by the SHA-256 hash of its value and its payload is stored
// without the value (`jti`), so a copy of the database holds no usable credential; expired records read
// as absent; the person a record acts for is kept in `user_id` for the console and for privacy deletion.

import { and, eq, gt, isNull, lte, or } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { hashSecret } from '../shared/ids'
import { oauthRecords } from './tables'

/** Models whose id is a bearer secret: stored hashed. */
const SECRET_MODELS = new Set([
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'RegistrationAccessToken',
  'ClientCredentials',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
])

/** Models that act for one person: their accountId is kept in user_id. */
const PERSONAL_MODELS = new Set(['Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode'])

type Payload = Record<string, unknown>
const nowSeconds = () => Math.floor(Date.now() / 1000)

export class SqliteAdapter {
  private readonly secret: boolean

  constructor(
    private readonly db: Database,
    private readonly model: string,
  ) {
    this.secret = SECRET_MODELS.has(model)
  }

  private key(id: string): string {
    return this.secret ? hashSecret(id) : id
  }

  private live() {
    return or(isNull(oauthRecords.expires_at), gt(oauthRecords.expires_at, nowSeconds()))
  }

  private restore(row: typeof oauthRecords.$inferSelect | undefined, id?: string): Payload | undefined {
    if (!row) return undefined
    const payload: Payload = { ...row.payload }
    if (this.secret && id !== undefined) payload.jti = id
    if (row.consumed_at !== null) payload.consumed = row.consumed_at
    return payload
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const stored: Payload = { ...payload }
    if (this.secret) delete stored.jti
    const values = {
      payload: stored,
      grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
      user_id:
        PERSONAL_MODELS.has(this.model) && typeof payload.accountId === 'string' ? payload.accountId : null,
      expires_at: expiresIn ? nowSeconds() + expiresIn : null,
    }
    await this.db
      .insert(oauthRecords)
      .values({ model: this.model, id: this.key(id), ...values })
      .onConflictDoUpdate({ target: [oauthRecords.model, oauthRecords.id], set: values })
  }

  async find(id: string): Promise<Payload | undefined> {
    const [row] = await this.db
      .select()
      .from(oauthRecords)
      .where(and(eq(oauthRecords.model, this.model), eq(oauthRecords.id, this.key(id)), this.live()))
    return this.restore(row, id)
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    const [row] = await this.db
      .select()
      .from(oauthRecords)
      .where(and(eq(oauthRecords.model, this.model), eq(oauthRecords.uid, uid), this.live()))
    return this.restore(row)
  }

  async findByUserCode(userCode: string): Promise<Payload | undefined> {
    const [row] = await this.db
      .select()
      .from(oauthRecords)
      .where(and(eq(oauthRecords.model, this.model), eq(oauthRecords.user_code, userCode), this.live()))
    return this.restore(row)
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(oauthRecords)
      .set({ consumed_at: nowSeconds() })
      .where(and(eq(oauthRecords.model, this.model), eq(oauthRecords.id, this.key(id))))
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .delete(oauthRecords)
      .where(and(eq(oauthRecords.model, this.model), eq(oauthRecords.id, this.key(id))))
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(oauthRecords)
      .where(and(eq(oauthRecords.model, this.model), eq(oauthRecords.grant_id, grantId)))
  }
}

/** Delete every record past its expiry (they already read as absent); returns how many went. */
export async function pruneExpired(db: Database): Promise<number> {
  const gone = await db
    .delete(oauthRecords)
    .where(lte(oauthRecords.expires_at, nowSeconds()))
    .returning({ id: oauthRecords.id })
  return gone.length
}
