// The plan catalogue of SPEC "Limits" as data, and the one small interface the rest of the service
// uses to ask what a workspace's plan allows. Billing fills in the tier; everything else only reads it.

import type { AnyOperation } from './operation'
import type { Principal, Tier } from './principal'

export interface Plan {
  tier: Tier
  name: string
  price: { amount: string; currency: 'USD'; interval: 'month' } | { custom: true }
  quotas: {
    uploads_per_month: number | null
    analyses_per_month: number | null
    /**
     * One cap shared by uploads and analyses together (Free: "25 uploads and analyses per month"); null
     * when the plan caps them separately (Builder and up) or not at all (Enterprise).
     */
    uploads_and_analyses_per_month: number | null
    wearable_syncs_per_month: number | null
    queued_wgs_jobs: number | null
    full_dbsnp_jobs: number | null
  }
  allows: {
    serve_other_users: boolean
    service_tokens: boolean
    webhooks: boolean
    managed_storage_and_workers: boolean
    multi_workspace_automation: boolean
    full_dbsnp_annotation: boolean
  }
  summary: string
}

/** `null` quota = custom (Enterprise, agreed per contract). Figures from SPEC "Limits". */
export const PLANS: readonly Plan[] = [
  {
    tier: 'free',
    name: 'Free',
    price: { amount: '0.00', currency: 'USD', interval: 'month' },
    quotas: {
      uploads_per_month: 25,
      analyses_per_month: 25,
      uploads_and_analyses_per_month: 25,
      wearable_syncs_per_month: 0,
      queued_wgs_jobs: 1,
      full_dbsnp_jobs: 0,
    },
    allows: {
      serve_other_users: false,
      service_tokens: false,
      webhooks: false,
      managed_storage_and_workers: false,
      multi_workspace_automation: false,
      full_dbsnp_annotation: false,
    },
    summary: 'API key, MCP/OpenAPI access, 25 uploads and analyses per month (shared), one queued WGS job.',
  },
  {
    tier: 'standard',
    name: 'Standard',
    price: { amount: '9.99', currency: 'USD', interval: 'month' },
    quotas: {
      uploads_per_month: 250,
      analyses_per_month: 250,
      uploads_and_analyses_per_month: 250,
      wearable_syncs_per_month: 100,
      queued_wgs_jobs: 5,
      full_dbsnp_jobs: 0,
    },
    allows: {
      serve_other_users: false,
      service_tokens: false,
      webhooks: false,
      managed_storage_and_workers: true,
      multi_workspace_automation: false,
      full_dbsnp_annotation: false,
    },
    summary:
      "250 uploads and analyses (shared), 100 wearable syncs, five queued WGS jobs, managed cloud storage and workers; one person's own data and agent.",
  },
  {
    tier: 'builder',
    name: 'Builder',
    price: { amount: '24.99', currency: 'USD', interval: 'month' },
    quotas: {
      uploads_per_month: 1000,
      analyses_per_month: 750,
      uploads_and_analyses_per_month: null,
      wearable_syncs_per_month: 300,
      queued_wgs_jobs: 15,
      full_dbsnp_jobs: 15,
    },
    allows: {
      serve_other_users: true,
      service_tokens: true,
      webhooks: true,
      managed_storage_and_workers: true,
      multi_workspace_automation: false,
      full_dbsnp_annotation: true,
    },
    summary: '1,000 uploads, 750 analyses, 300 wearable syncs, 15 WGS jobs, webhooks and production app use.',
  },
  {
    tier: 'growth',
    name: 'Growth',
    price: { amount: '49.00', currency: 'USD', interval: 'month' },
    quotas: {
      uploads_per_month: 5000,
      analyses_per_month: 3000,
      uploads_and_analyses_per_month: null,
      wearable_syncs_per_month: 1500,
      queued_wgs_jobs: 50,
      full_dbsnp_jobs: 50,
    },
    allows: {
      serve_other_users: true,
      service_tokens: true,
      webhooks: true,
      managed_storage_and_workers: true,
      multi_workspace_automation: true,
      full_dbsnp_annotation: true,
    },
    summary: '5,000 uploads, 3,000 analyses, 1,500 wearable syncs, 50 WGS jobs, multi-workspace automation.',
  },
  {
    tier: 'enterprise',
    name: 'Enterprise',
    price: { custom: true },
    quotas: {
      uploads_per_month: null,
      analyses_per_month: null,
      uploads_and_analyses_per_month: null,
      wearable_syncs_per_month: null,
      queued_wgs_jobs: null,
      full_dbsnp_jobs: null,
    },
    allows: {
      serve_other_users: true,
      service_tokens: true,
      webhooks: true,
      managed_storage_and_workers: true,
      multi_workspace_automation: true,
      full_dbsnp_annotation: true,
    },
    summary: 'Custom quotas, dedicated environments and workers, retention and support options.',
  },
]

/**
 * The introductory allowance (SPEC "Limits"): the first protected hosted API requests of every workspace
 * are free; after that, a workspace without a paid plan is asked to check out. It never resets.
 */
export const INTRODUCTORY_ALLOWANCE = 100

/** The metered quotas: monthly counters per workspace (billing's `consumeQuota` takes these names). */
export const QUOTA_NAMES = [
  'uploads',
  'analyses',
  'wearable_syncs',
  'queued_wgs_jobs',
  'full_dbsnp_jobs',
] as const
export type QuotaName = (typeof QUOTA_NAMES)[number]

/** A plan's monthly limit for one quota; `null` when it is custom (Enterprise: not capped by the service). */
export function quotaLimit(plan: Plan, quota: QuotaName): number | null {
  switch (quota) {
    case 'uploads':
      return plan.quotas.uploads_per_month
    case 'analyses':
      return plan.quotas.analyses_per_month
    case 'wearable_syncs':
      return plan.quotas.wearable_syncs_per_month
    case 'queued_wgs_jobs':
      return plan.quotas.queued_wgs_jobs
    case 'full_dbsnp_jobs':
      return plan.quotas.full_dbsnp_jobs
  }
}

/** The quotas a plan caps together, with their shared limit; null when `quota` has a cap of its own. */
export function sharedQuota(plan: Plan, quota: QuotaName): { quotas: QuotaName[]; limit: number } | null {
  const limit = plan.quotas.uploads_and_analyses_per_month
  if (limit === null || (quota !== 'uploads' && quota !== 'analyses')) return null
  return { quotas: ['uploads', 'analyses'], limit }
}

export function planFor(tier: Tier): Plan {
  return PLANS.find((p) => p.tier === tier)!
}

/** The plan rule quoted when a Free or Standard key tries to act for other users. */
export const SERVE_OTHERS_RULE =
  'A Free or Standard personal key covers one person and their own agent; an app, platform or service for other users needs a Builder plan or higher (SPEC "Limits").'

/** What a workspace's plan is and what it has; billing implements it, others only read it. */
export interface PlanLookup {
  /** Effective tier of a workspace (billing_admin accounts are `enterprise`). */
  tierOf(organizationId: string): Promise<Tier>
  /** Whether the workspace has an active paid subscription and a valid payment method. */
  billingStanding(
    organizationId: string,
  ): Promise<{ activePaidSubscription: boolean; validPaymentMethod: boolean }>
}

/** The hosted introductory allowance as the request path sees it; billing implements it. */
export interface RequestAllowance {
  /** Count one protected request of `principal`'s workspace, or throw the 402 once it is used up. */
  charge(op: AnyOperation, principal: Principal | null): Promise<void>
}
