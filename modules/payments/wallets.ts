// Wallet workspaces: the verified payer of an x402 payment becomes a private identity of its own, the
// same on every request. EVM addresses share one namespace (`eip155`): the wallet that paid on Base
// sees its data when it pays on Polygon. Solana addresses are a namespace of their own. The ids are
// derived from the address, so no lookup table is needed and they never collide with issued ids
// (which have no `x402_` part).

import { createHash } from 'node:crypto'
import { memberships, organizations, users } from '../auth/tables'
import type { AppContext } from '../shared/context'
import { DATA_GRANTS, type Principal } from '../shared/principal'
import { namespaceOf } from './settings'

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
const WALLET_ORG_PREFIX = 'org_x402_'

/** 26 base32 characters of a SHA-256 over `label` and the wallet. */
function derive(label: string, wallet: string): string {
  const digest = createHash('sha256').update(`${label}\n${wallet}`).digest()
  let out = ''
  for (let i = 0; i < 26; i++) out += ALPHABET[digest[i]! % 32]
  return out
}

/** `eip155:0xabc…` for every EVM network (addresses compared case-insensitively), `solana:<address>`. */
export function walletIdentity(network: string, payer: string): string {
  const namespace = namespaceOf(network)
  return namespace === 'eip155' ? `eip155:${payer.toLowerCase()}` : `${namespace}:${payer}`
}

export function walletScope(identity: string) {
  return {
    user_id: `usr_x402_${derive('user', identity)}`,
    organization_id: `${WALLET_ORG_PREFIX}${derive('organization', identity)}`,
  }
}

/** A wallet workspace pays per request: monthly plan quotas do not apply to it. */
export const isWalletOrganization = (organizationId: string) => organizationId.startsWith(WALLET_ORG_PREFIX)

/** The principal of a verified payer; its user and workspace rows are created on first payment. */
export async function walletPrincipal(app: AppContext, network: string, payer: string): Promise<Principal> {
  const identity = walletIdentity(network, payer)
  const scope = walletScope(identity)
  const now = app.clock.now().toISOString()
  await app.db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({
        id: scope.user_id,
        email: null,
        personal_organization_id: scope.organization_id,
        created_at: now,
      })
      .onConflictDoNothing()
    await tx
      .insert(organizations)
      .values({
        id: scope.organization_id,
        name: 'Wallet workspace',
        kind: 'personal',
        owner_user_id: scope.user_id,
        created_at: now,
      })
      .onConflictDoNothing()
    await tx
      .insert(memberships)
      .values({
        organization_id: scope.organization_id,
        user_id: scope.user_id,
        role: 'owner',
        created_at: now,
      })
      .onConflictDoNothing()
  })
  return {
    kind: 'wallet',
    ...scope,
    grants: [...DATA_GRANTS],
    tier: 'free',
    credential_id: `x402:${identity}`,
    billing_admin: false,
  }
}
