// The console's billing page: the workspace's plan, the billing_admin entitlement and this month's
// quota usage (the same status GET /billing/subscription answers). Checkout is not offered here yet.

import type { Static } from '@sinclair/typebox'
import type { SubscriptionStatus } from '../../billing/model'
import { escapeHtml } from '../../shared/html'
import { planFor } from '../../shared/plans'
import { page } from '../layout'

const QUOTA_LABELS = {
  uploads: 'Uploads',
  analyses: 'Analyses',
  wearable_syncs: 'Wearable syncs',
  uploads_and_analyses: 'Uploads and analyses together',
} as const

export function billingPage(csrf: string, status: Static<typeof SubscriptionStatus>) {
  const plan = planFor(status.effective_tier)
  const planLine = status.billing_admin
    ? `${escapeHtml(plan.name)} (billing_admin entitlement granted by the operator; your workspace’s own plan is ${escapeHtml(planFor(status.tier).name)}).`
    : `${escapeHtml(plan.name)}.`
  let usage = '<p>This deployment is self-hosted: no plan quotas or billing apply.</p>'
  if (status.usage) {
    const rows = Object.entries(status.usage.quotas)
      .flatMap(([quota, counted]) => (counted ? [[quota, counted] as const] : []))
      .map(([quota, { used, limit }]) => {
        const label = QUOTA_LABELS[quota as keyof typeof QUOTA_LABELS]
        return `<tr><th scope="row">${label}</th><td>${used}</td><td>${limit === null ? 'custom' : limit}</td></tr>`
      })
      .join('')
    usage = `<table><caption>This month (${escapeHtml(status.usage.period)}, UTC); counts start again at ${escapeHtml(status.usage.resets_at)}</caption>
<thead><tr><th scope="col">Quota</th><th scope="col">Used</th><th scope="col">Included</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>Past an included amount, requests are refused until the month turns. Plans and prices: <a href="/pricing">/pricing</a>.</p>`
  }
  if (status.allowance && !status.allowance.bypassed) {
    usage += `<p>Introductory allowance: ${status.allowance.used} of ${status.allowance.limit} free protected requests used (${status.allowance.remaining} left). Without a paid plan, requests past it need checkout; it does not reset.</p>`
  }
  return page({
    title: 'Billing',
    current: '/console/billing',
    signedIn: true,
    csrf,
    body: `<div class="card"><p>Plan: ${planLine}</p>${usage}</div>`,
  })
}
