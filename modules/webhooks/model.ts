// TypeBox models of the webhooks module: endpoints a workspace registers and the deliveries made to them.

import { type Static, Type } from '@sinclair/typebox'
import { PageQuery } from '../shared/pagination'
import { EVENT_KIND_NAMES, WEBHOOK_EVENT_KINDS } from './kinds'

export const EventKind = Type.Union(
  EVENT_KIND_NAMES.map((k) => Type.Literal(k)),
  {
    description: `An event kind: ${EVENT_KIND_NAMES.map((k) => `\`${k}\` (${WEBHOOK_EVENT_KINDS[k]})`).join('; ')}`,
  },
)

export const EndpointCreateBody = Type.Object({
  url: Type.String({
    minLength: 1,
    maxLength: 2000,
    description:
      'Where deliveries are POSTed: an http(s) URL on a public address (loopback, private, link-local and metadata addresses are refused).',
  }),
  events: Type.Array(EventKind, { minItems: 1, maxItems: 4, uniqueItems: true }),
  description: Type.Optional(Type.String({ maxLength: 200 })),
})
export type EndpointCreateBody = Static<typeof EndpointCreateBody>

const Time = Type.String({ format: 'date-time' })

export const Endpoint = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(EventKind),
  description: Type.Union([Type.String(), Type.Null()]),
  created_at: Time,
})

export const EndpointCreated = Type.Object({
  ...Endpoint.properties,
  secret: Type.String({
    description:
      'The Standard Webhooks signing secret (`whsec_…`), shown only now: verify every delivery with it.',
  }),
})

export const EndpointIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) })
export const EndpointListQuery = Type.Object({ ...PageQuery })

export const EndpointDeleted = Type.Object({ id: Type.String(), deleted: Type.Literal(true) })

export const DeliveryStatus = Type.Union(
  [Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')],
  {
    description:
      '`pending`: queued or waiting for a retry; `delivered`: the receiver answered 2xx; `failed`: every attempt failed (or the endpoint was deleted or its target refused).',
  },
)

export const Delivery = Type.Object({
  id: Type.String(),
  endpoint_id: Type.String(),
  event_id: Type.String({ description: 'The `webhook-id` header: the same on every retry and replay.' }),
  kind: EventKind,
  status: DeliveryStatus,
  attempts: Type.Integer({ minimum: 0 }),
  last_status_code: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The receiver’s HTTP status on the last attempt; null when it gave none.',
  }),
  last_error: Type.Union([Type.String(), Type.Null()]),
  replay_of: Type.Union([Type.String(), Type.Null()], {
    description: 'The delivery this one replays, for a delivery made by a replay.',
  }),
  created_at: Time,
  updated_at: Time,
  delivered_at: Type.Union([Time, Type.Null()]),
})

export const DeliveryListQuery = Type.Object({
  endpoint_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'Only this endpoint.' }),
  ),
  ...PageQuery,
})
export const DeliveryIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) })
