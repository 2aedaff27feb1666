// TypeBox models of the billing module: the subscription status of GET /billing/subscription.

import { Type } from '@sinclair/typebox'

export const TierName = Type.Union(
  [
    Type.Literal('free'),
    Type.Literal('standard'),
    Type.Literal('builder'),
    Type.Literal('growth'),
    Type.Literal('enterprise'),
  ],
  { description: 'A hosted plan tier (see GET /pricing).' },
)

const QuotaUsage = Type.Object({
  used: Type.Integer({ minimum: 0, description: 'Units used this period.' }),
  limit: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: 'The effective plan’s monthly limit; null when custom (Enterprise: counted, not capped).',
  }),
})

export const SubscriptionStatus = Type.Object({
  billing_enabled: Type.Boolean({
    description: 'False on a self-hosted deployment: no plan quotas or billing checks apply there.',
  }),
  tier: TierName,
  effective_tier: Type.Union([TierName], {
    description: 'The tier the plan rules apply: `enterprise` for a billing_admin account, else `tier`.',
  }),
  billing_admin: Type.Boolean({ description: 'True for an account the operator granted the entitlement.' }),
  subscription: Type.Union(
    [
      Type.Object({
        status: Type.Union([Type.String(), Type.Null()], {
          description:
            'Stripe’s subscription status (active, trialing, past_due, unpaid, canceled, …); null while checkout has not completed.',
        }),
        current_period_end: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
          description: 'When the paid period ends (renews or lapses).',
        }),
      }),
      Type.Null(),
    ],
    { description: 'The Stripe subscription as last reported by its webhook; null before any checkout.' },
  ),
  allowance: Type.Union(
    [
      Type.Object({
        limit: Type.Integer({ description: 'Free protected requests of every workspace (100).' }),
        used: Type.Integer({ minimum: 0 }),
        remaining: Type.Integer({ minimum: 0 }),
        bypassed: Type.Boolean({
          description: 'True for a billing_admin account: never counted or refused.',
        }),
      }),
      Type.Null(),
    ],
    {
      description:
        'The introductory allowance: protected requests made without a paid plan, counted once and never reset (a cancelled plan does not restore it). Past it, protected requests of a workspace without a paid plan answer 402 `checkout-required`. Null when billing is off.',
    },
  ),
  usage: Type.Union(
    [
      Type.Object({
        period: Type.String({ description: 'The calendar month (UTC) being counted, `YYYY-MM`.' }),
        resets_at: Type.String({ format: 'date-time', description: 'When the counts start again.' }),
        quotas: Type.Object({
          uploads: QuotaUsage,
          analyses: QuotaUsage,
          wearable_syncs: QuotaUsage,
          uploads_and_analyses: Type.Union([QuotaUsage, Type.Null()], {
            description:
              'The cap Free and Standard put on uploads and analyses together (SPEC "Limits": "25 uploads and analyses"); null on plans that cap them separately.',
          }),
        }),
      }),
      Type.Null(),
    ],
    { description: 'This month’s metered quotas; null when billing is off.' },
  ),
})

export const CheckoutRequest = Type.Object({
  tier: Type.Union([Type.Literal('standard'), Type.Literal('builder'), Type.Literal('growth')], {
    description: 'The paid plan to subscribe to (Enterprise is arranged with the operator).',
  }),
  activation_source: Type.Union(
    [
      Type.Literal('request_limit'),
      Type.Literal('biomarkers'),
      Type.Literal('wearable'),
      Type.Literal('genetics'),
      Type.Literal('health_connect'),
    ],
    { description: 'What prompted the upgrade (the `activation_source` of a quota problem).' },
  ),
})

export const CheckoutSession = Type.Object({
  checkout_url: Type.String({ format: 'uri', description: 'Open this Stripe Checkout page to pay.' }),
  session_id: Type.String({ description: 'The Stripe Checkout session id.' }),
  tier: TierName,
})

export const PortalSession = Type.Object({
  portal_url: Type.String({ format: 'uri', description: 'Open this Stripe customer portal page.' }),
})

export const WebhookReceipt = Type.Object({
  received: Type.Boolean(),
  event_id: Type.String({ description: 'The Stripe event id, stored once.' }),
  duplicate: Type.Boolean({ description: 'True when this event was already stored and applied.' }),
})
