// Tables of the auth module: people, workspaces, sign-in challenges and every kind of credential.
// Credentials store only a SHA-256 hash of their secret.

import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

const createdAt = () => text('created_at').notNull()

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').unique(),
  personal_organization_id: text('personal_organization_id').notNull(),
  billing_admin: integer('billing_admin', { mode: 'boolean' }).notNull().default(false),
  created_at: createdAt(),
})

export const organizations = sqliteTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['personal', 'team', 'sandbox'] }).notNull(),
  owner_user_id: text('owner_user_id').notNull(),
  tier: text('tier', { enum: ['free', 'standard', 'builder', 'growth', 'enterprise'] })
    .notNull()
    .default('free'),
  created_at: createdAt(),
})

export const memberships = sqliteTable(
  'memberships',
  {
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('memberships_org_user').on(t.organization_id, t.user_id)],
)

export const otpChallenges = sqliteTable(
  'otp_challenges',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    code_hash: text('code_hash').notNull(),
    link_hash: text('link_hash').notNull().unique(),
    /** Create the account on success (should_create_user was true and no account existed). */
    create_user: integer('create_user', { mode: 'boolean' }).notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    expires_at: text('expires_at').notNull(),
    consumed_at: text('consumed_at'),
    created_at: createdAt(),
  },
  (t) => [index('otp_challenges_email').on(t.email)],
)

export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token_hash: text('token_hash').notNull().unique(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    expires_at: text('expires_at').notNull(),
    revoked_at: text('revoked_at'),
    created_at: createdAt(),
  },
  // A person lists and revokes their own sessions.
  (t) => [index('sessions_owner').on(t.organization_id, t.user_id)],
)

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    token_hash: text('token_hash').notNull().unique(),
    /** First characters of the key, shown in listings so a person can tell keys apart. */
    display_prefix: text('display_prefix').notNull(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    name: text('name'),
    grants: text('grants', { mode: 'json' }).$type<string[]>().notNull(),
    expires_at: text('expires_at').notNull(),
    revoked_at: text('revoked_at'),
    last_used_at: text('last_used_at'),
    created_at: createdAt(),
  },
  (t) => [index('api_keys_owner').on(t.organization_id, t.user_id)],
)

export const serviceTokens = sqliteTable(
  'service_tokens',
  {
    id: text('id').primaryKey(),
    token_hash: text('token_hash').notNull().unique(),
    organization_id: text('organization_id').notNull(),
    /** The integrator's end user this token acts for. */
    user_id: text('user_id').notNull(),
    /** The workspace key that minted it: the token dies with that key. */
    issued_by_key_id: text('issued_by_key_id').notNull(),
    grants: text('grants', { mode: 'json' }).$type<string[]>().notNull(),
    expires_at: text('expires_at').notNull(),
    revoked_at: text('revoked_at'),
    created_at: createdAt(),
  },
  (t) => [index('service_tokens_organization').on(t.organization_id)],
)

export const sandboxSessions = sqliteTable('sandbox_sessions', {
  id: text('id').primaryKey(),
  token_hash: text('token_hash').notNull().unique(),
  organization_id: text('organization_id').notNull(),
  user_id: text('user_id').notNull(),
  expires_at: text('expires_at').notNull(),
  created_at: createdAt(),
})

export const oidcIdentities = sqliteTable(
  'oidc_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    user_id: text('user_id').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('oidc_identities_issuer_subject').on(t.issuer, t.subject)],
)
