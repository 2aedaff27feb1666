// Operations of the webhooks module (SPEC "Events": the webhook feature is included from Builder up):
// endpoints a workspace registers for event kinds, and the deliveries made to them. The owner's API key
// manages them. Registering, deleting and replaying are integration settings and stay HTTP-only; the two
// lists are also MCP tools, so an agent helping with an integration can see what was sent and how it went.

import { defineOperation } from '../shared/operation'
import { pageOf } from '../shared/pagination'
import { READS } from '../shared/tool-annotations'
import { webhooksExamples } from './examples'
import {
  Delivery,
  DeliveryIdParams,
  DeliveryListQuery,
  Endpoint,
  EndpointCreateBody,
  EndpointCreated,
  EndpointDeleted,
  EndpointIdParams,
  EndpointListQuery,
} from './model'
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, replayDelivery } from './service'

const tags = ['Webhooks']
const owner = { grant: 'authenticated' as const, principals: ['api_key' as const] }

export const webhooksEndpointsCreate = defineOperation(
  {
    id: 'webhooks.endpoints.create',
    example: webhooksExamples['webhooks.endpoints.create'],
    method: 'POST',
    path: '/webhooks/endpoints',
    summary: 'Register a webhook endpoint for chosen event kinds (Builder plan and up)',
    description:
      'Events of the workspace of those kinds are POSTed to `url`, signed by the Standard Webhooks scheme with the returned `secret` (shown once). The url must be http(s) on a public address: loopback, private, link-local and cloud metadata addresses, and names resolving to them, are refused (422). 403 `plan-required` below Builder with hosted billing; 409 past 20 endpoints.',
    tags,
    ...owner,
    body: EndpointCreateBody,
    output: EndpointCreated,
    status: 201,
    errors: [409],
  },
  ({ body }, { app, principal }) => createEndpoint(app, principal, body),
)

export const webhooksEndpointsList = defineOperation(
  {
    id: 'webhooks.endpoints.list',
    example: webhooksExamples['webhooks.endpoints.list'],
    method: 'GET',
    path: '/webhooks/endpoints',
    summary: 'List the workspace’s webhook endpoints, newest first (secrets are not shown again)',
    tags,
    ...owner,
    query: EndpointListQuery,
    output: pageOf(Endpoint),
    mcp: { tool: 'list_webhook_endpoints', annotations: READS },
  },
  ({ query }, { app, principal }) => listEndpoints(app, principal, query),
)

export const webhooksEndpointsDelete = defineOperation(
  {
    id: 'webhooks.endpoints.delete',
    example: webhooksExamples['webhooks.endpoints.delete'],
    method: 'DELETE',
    path: '/webhooks/endpoints/:id',
    summary: 'Delete a webhook endpoint and its deliveries; nothing more is sent to it',
    tags,
    ...owner,
    outsideAllowance: 'Revoking access stays available whatever the plan.',
    params: EndpointIdParams,
    output: EndpointDeleted,
    errors: [404],
  },
  ({ params }, { app, principal }) => deleteEndpoint(app, principal, params.id),
)

export const webhooksDeliveriesList = defineOperation(
  {
    id: 'webhooks.deliveries.list',
    example: webhooksExamples['webhooks.deliveries.list'],
    method: 'GET',
    path: '/webhooks/deliveries',
    summary: 'List webhook deliveries with their status, attempts and last answer, newest first',
    tags,
    ...owner,
    query: DeliveryListQuery,
    output: pageOf(Delivery),
    mcp: { tool: 'list_webhook_deliveries', annotations: READS },
  },
  ({ query }, { app, principal }) => listDeliveries(app, principal, query),
)

export const webhooksDeliveriesReplay = defineOperation(
  {
    id: 'webhooks.deliveries.replay',
    example: webhooksExamples['webhooks.deliveries.replay'],
    method: 'POST',
    path: '/webhooks/deliveries/:id/replay',
    summary: 'Send a delivery’s event again (a new delivery with the same webhook-id)',
    description:
      'Queues a new delivery of the same event to the same endpoint, with `replay_of` naming this one; it is retried like any delivery. 404 when the delivery or its endpoint is gone.',
    tags,
    ...owner,
    params: DeliveryIdParams,
    output: Delivery,
    status: 202,
    errors: [404],
  },
  ({ params }, { app, principal }) => replayDelivery(app, principal, params.id),
)

export const webhooksOperations = [
  webhooksEndpointsCreate,
  webhooksEndpointsList,
  webhooksEndpointsDelete,
  webhooksDeliveriesList,
  webhooksDeliveriesReplay,
]
