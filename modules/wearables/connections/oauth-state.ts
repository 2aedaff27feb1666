// The OAuth `state` the provider carries back: the pending authorization's id and an HMAC over it and
// the user, provider and expiry it was issued for. The signature stops forged or altered states; the
// database row makes it single use and short-lived, and its scope binds it to the user who started it.

import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

export interface StateClaims {
  authorizationId: string
  organizationId: string
  userId: string
  provider: string
}

const signingKeys = (keys: readonly Uint8Array[]) =>
  keys.map((k) => createHash('sha256').update('wearables-oauth-state\0').update(k).digest())

const mac = (key: Buffer, c: StateClaims) =>
  createHmac('sha256', key)
    .update([c.authorizationId, c.organizationId, c.userId, c.provider].join('\0'))
    .digest('base64url')

/** `<authorization id>.<signature>`: at least 8 characters, as WHOOP requires. */
export function signState(keys: readonly Uint8Array[], claims: StateClaims): string {
  const [current] = signingKeys(keys)
  if (!current) throw new Error('signState needs a key')
  return `${claims.authorizationId}.${mac(current, claims)}`
}

/** The authorization id a state names, without trusting it yet. */
export function stateAuthorizationId(state: string): string | null {
  const id = state.split('.')[0]
  return id && /^wau_[0-9a-z]{26}$/.test(id) ? id : null
}

/** True when the state was signed by one of the configured keys for exactly these claims. */
export function verifyState(keys: readonly Uint8Array[], state: string, claims: StateClaims): boolean {
  const given = Buffer.from(state.split('.')[1] ?? '')
  return signingKeys(keys).some((key) => {
    const expected = Buffer.from(mac(key, claims))
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
}
