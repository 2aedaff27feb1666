// Every module's tables, gathered for drizzle (typed queries) and drizzle-kit (migrations).
// Modules own their tables in modules/<domain>/tables.ts; this file only re-exports them.

export * from '../modules/analyses/tables'
export * from '../modules/audit/tables'
export * from '../modules/auth/tables'
export * from '../modules/billing/tables'
export * from '../modules/dashboards/tables'
export * from '../modules/genetics/tables'
export * from '../modules/goals/tables'
export * from '../modules/oauth-server/tables'
export * from '../modules/payments/tables'
export * from '../modules/privacy/tables'
export * from '../modules/profiles/tables'
export * from '../modules/providers/tables'
export * from '../modules/shared/queue/tables'
export * from '../modules/sources/tables'
export * from '../modules/wearables/tables'
export * from '../modules/webhooks/tables'
