// Queries of the auth module: the only code that touches its tables.

import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { cachedRead, type Database } from '../../db/client'
import { preparedPerDatabase } from '../../db/prepared'
import type { Scope } from '../shared/principal'
import {
  apiKeys,
  memberships,
  oidcIdentities,
  organizations,
  otpChallenges,
  sandboxSessions,
  serviceTokens,
  sessions,
  users,
} from './tables'

export type UserRow = typeof users.$inferSelect
export type OrganizationRow = typeof organizations.$inferSelect
export type ApiKeyRow = typeof apiKeys.$inferSelect
export type OtpChallengeRow = typeof otpChallenges.$inferSelect

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, email) })
}

export async function findUser(db: Database, id: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, id) })
}

export async function findOrganization(db: Database, id: string): Promise<OrganizationRow | undefined> {
  return db.query.organizations.findFirst({ where: eq(organizations.id, id) })
}

/** A new user with a personal workspace they own. */
export async function insertUserWithWorkspace(
  db: Database,
  user: { id: string; email: string | null },
  organizationId: string,
  now: string,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ id: user.id, email: user.email, personal_organization_id: organizationId, created_at: now })
      .returning()
    await tx.insert(organizations).values({
      id: organizationId,
      name: user.email ? `${user.email}'s workspace` : 'Personal workspace',
      kind: 'personal',
      owner_user_id: user.id,
      created_at: now,
    })
    await tx
      .insert(memberships)
      .values({ organization_id: organizationId, user_id: user.id, role: 'owner', created_at: now })
    return row
  })
}

export async function setOrganizationTier(
  db: Database,
  organizationId: string,
  tier: OrganizationRow['tier'],
): Promise<void> {
  await db.update(organizations).set({ tier }).where(eq(organizations.id, organizationId))
}

export async function setBillingAdmin(db: Database, userId: string, value: boolean): Promise<void> {
  await db.update(users).set({ billing_admin: value }).where(eq(users.id, userId))
}

// --- sign-in challenges ---

export async function insertChallenge(db: Database, row: typeof otpChallenges.$inferInsert): Promise<void> {
  await db.insert(otpChallenges).values(row)
}

/** Mark every open challenge of an address used, so only the newest code works. */
export async function supersedeChallenges(db: Database, email: string, now: string): Promise<void> {
  await db
    .update(otpChallenges)
    .set({ consumed_at: now })
    .where(and(eq(otpChallenges.email, email), isNull(otpChallenges.consumed_at)))
}

export async function latestOpenChallenge(db: Database, email: string) {
  return db.query.otpChallenges.findFirst({
    where: and(eq(otpChallenges.email, email), isNull(otpChallenges.consumed_at)),
    orderBy: desc(otpChallenges.created_at),
  })
}

export async function findChallengeByLink(db: Database, linkHash: string) {
  return db.query.otpChallenges.findFirst({ where: eq(otpChallenges.link_hash, linkHash) })
}

export async function recordWrongCode(
  db: Database,
  id: string,
  attempts: number,
  consumedAt: string | null,
): Promise<void> {
  await db.update(otpChallenges).set({ attempts, consumed_at: consumedAt }).where(eq(otpChallenges.id, id))
}

/** Consume a challenge once; false when another request consumed it first. */
export async function consumeChallenge(db: Database, id: string, now: string): Promise<boolean> {
  const rows = await db
    .update(otpChallenges)
    .set({ consumed_at: now })
    .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumed_at)))
    .returning({ id: otpChallenges.id })
  return rows.length === 1
}

export async function deleteExpiredChallenges(db: Database, now: string): Promise<void> {
  await db.delete(otpChallenges).where(lt(otpChallenges.expires_at, now))
}

// --- credentials ---

export async function insertSession(db: Database, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row)
}

export async function findSessionByHash(db: Database, tokenHash: string) {
  return db.query.sessions.findFirst({ where: eq(sessions.token_hash, tokenHash) })
}

export type SessionRow = typeof sessions.$inferSelect

/** A person's sessions that are neither revoked nor expired, newest first. */
export async function listActiveSessions(db: Database, scope: Scope, now: string): Promise<SessionRow[]> {
  return db.query.sessions.findMany({
    where: and(
      eq(sessions.organization_id, scope.organization_id),
      eq(sessions.user_id, scope.user_id),
      isNull(sessions.revoked_at),
      gt(sessions.expires_at, now),
    ),
    orderBy: desc(sessions.created_at),
  })
}

export async function findSession(db: Database, scope: Scope, id: string): Promise<SessionRow | undefined> {
  return db.query.sessions.findFirst({
    where: and(
      eq(sessions.id, id),
      eq(sessions.organization_id, scope.organization_id),
      eq(sessions.user_id, scope.user_id),
    ),
  })
}

export async function revokeSession(db: Database, scope: Scope, id: string, now: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: now })
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.organization_id, scope.organization_id),
        eq(sessions.user_id, scope.user_id),
        isNull(sessions.revoked_at),
      ),
    )
}

export async function insertApiKey(db: Database, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [inserted] = await db.insert(apiKeys).values(row).returning()
  return inserted
}

const holder = alias(users, 'holder')
const owner = alias(users, 'owner')

/** Built once per database and kept: this query runs on every request made with an API key. */
const apiKeyQuery = preparedPerDatabase((db) =>
  db
    .select({
      key: apiKeys,
      holder_billing_admin: holder.billing_admin,
      tier: organizations.tier,
      owner_billing_admin: owner.billing_admin,
    })
    .from(apiKeys)
    .leftJoin(holder, eq(holder.id, apiKeys.user_id))
    .leftJoin(organizations, eq(organizations.id, apiKeys.organization_id))
    .leftJoin(owner, eq(owner.id, organizations.owner_user_id))
    .where(eq(apiKeys.token_hash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare(),
)

/** The key that minted a service token: the token works only while this key does. */
export async function findMintingKey(db: Database, keyId: string) {
  return db.query.apiKeys.findFirst({
    columns: { revoked_at: true, expires_at: true },
    where: eq(apiKeys.id, keyId),
  })
}

/**
 * An API key with what its principal needs, in one query: the holder's billing_admin flag, the
 * workspace tier, and whether the workspace owner is a billing admin.
 */
export async function findApiKeyWithOwner(db: Database, tokenHash: string) {
  // Reused until the next commit anywhere (a revocation is one), so revoking still takes effect at once.
  const [row] = await cachedRead(db, `api-key\u0000${tokenHash}`, () =>
    apiKeyQuery(db).execute({ tokenHash }),
  )
  return row
}

export async function listApiKeys(db: Database, scope: Scope): Promise<ApiKeyRow[]> {
  return db.query.apiKeys.findMany({
    where: and(eq(apiKeys.organization_id, scope.organization_id), eq(apiKeys.user_id, scope.user_id)),
    orderBy: desc(apiKeys.id),
  })
}

export async function findApiKey(db: Database, scope: Scope, id: string): Promise<ApiKeyRow | undefined> {
  return db.query.apiKeys.findFirst({
    where: and(
      eq(apiKeys.id, id),
      eq(apiKeys.organization_id, scope.organization_id),
      eq(apiKeys.user_id, scope.user_id),
    ),
  })
}

export async function revokeApiKey(db: Database, scope: Scope, id: string, now: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revoked_at: now })
    .where(
      and(
        eq(apiKeys.id, id),
        eq(apiKeys.organization_id, scope.organization_id),
        eq(apiKeys.user_id, scope.user_id),
        isNull(apiKeys.revoked_at),
      ),
    )
}

export async function touchApiKey(db: Database, id: string, now: string): Promise<void> {
  await db.update(apiKeys).set({ last_used_at: now }).where(eq(apiKeys.id, id))
}

export async function insertServiceToken(
  db: Database,
  row: typeof serviceTokens.$inferInsert,
): Promise<void> {
  await db.insert(serviceTokens).values(row)
}

export async function findServiceTokenByHash(db: Database, tokenHash: string) {
  return db.query.serviceTokens.findFirst({ where: eq(serviceTokens.token_hash, tokenHash) })
}

export type ServiceTokenRow = typeof serviceTokens.$inferSelect

export async function findServiceToken(
  db: Database,
  organizationId: string,
  id: string,
): Promise<ServiceTokenRow | undefined> {
  return db.query.serviceTokens.findFirst({
    where: and(eq(serviceTokens.id, id), eq(serviceTokens.organization_id, organizationId)),
  })
}

export async function revokeServiceToken(
  db: Database,
  organizationId: string,
  id: string,
  now: string,
): Promise<void> {
  await db
    .update(serviceTokens)
    .set({ revoked_at: now })
    .where(
      and(
        eq(serviceTokens.id, id),
        eq(serviceTokens.organization_id, organizationId),
        isNull(serviceTokens.revoked_at),
      ),
    )
}

export async function insertSandboxSession(
  db: Database,
  row: typeof sandboxSessions.$inferInsert,
): Promise<void> {
  await db.insert(sandboxSessions).values(row)
}

export async function findSandboxSessionByHash(db: Database, tokenHash: string) {
  return db.query.sandboxSessions.findFirst({ where: eq(sandboxSessions.token_hash, tokenHash) })
}

export async function findOidcIdentity(db: Database, issuer: string, subject: string) {
  return db.query.oidcIdentities.findFirst({
    where: and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)),
  })
}

export async function insertOidcIdentity(
  db: Database,
  row: typeof oidcIdentities.$inferInsert,
): Promise<void> {
  await db.insert(oidcIdentities).values(row).onConflictDoNothing()
}
