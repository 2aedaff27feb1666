// Operations of the wearables module: start a provider authorization, complete it at the callback, and
// list the caller's connections. Tokens never appear in a response.

import { defineOperation } from '../shared/operation'
import { scopeOf } from '../shared/principal'
import { CREATES, READS } from '../shared/tool-annotations'
import { disconnect } from './connections/disconnect'
import { listConnections } from './connections/list'
import { refreshConnection } from './connections/refresh'
import { completeConnection, startConnection } from './connections/service'
import { syncConnection } from './connections/sync'
import { wearablesExamples } from './examples'
import {
  WearableCallbackBody,
  WearableCallbackResult,
  WearableConnectionList,
  WearableDisconnected,
  WearableProviderParams,
  WearableRefreshBody,
  WearableRefreshResult,
  WearableStartBody,
  WearableStartResult,
  WearableSyncBody,
  WearableSyncResult,
} from './model'

const tags = ['Wearables']

export const wearablesStart = defineOperation(
  {
    id: 'wearables.start',
    example: wearablesExamples['wearables.start'],
    method: 'POST',
    path: '/connections/wearables/start',
    summary: 'Start connecting a wearable: returns the provider authorization URL to open for the user',
    description:
      'The URL carries a signed, single-use `state` bound to the caller that expires after 10 minutes, and a PKCE challenge where the provider takes one. With first-party credentials configured (WHOOP_CLIENT_ID/_SECRET) client_id and redirect_uri may be left out.',
    tags,
    grant: 'wearables',
    body: WearableStartBody,
    output: WearableStartResult,
    errors: [501, 503],
  },
  ({ body }, { app, principal }) => startConnection(app, scopeOf(principal), body),
)

export const wearablesCallback = defineOperation(
  {
    id: 'wearables.callback',
    example: wearablesExamples['wearables.callback'],
    method: 'POST',
    path: '/connections/wearables/callback',
    summary: 'Complete a wearable connection: exchange the authorization code and store the tokens encrypted',
    description:
      'Send the `code` (and the `state`) from the provider redirect. Oura connects here directly with your own client_id, client_secret and redirect_uri. Reconnecting replaces the earlier connection. Tokens are stored AES-256-GCM encrypted and never returned.',
    tags,
    grant: 'wearables',
    body: WearableCallbackBody,
    output: WearableCallbackResult,
    errors: [501, 502, 503],
  },
  ({ body }, { app, principal }) => completeConnection(app, scopeOf(principal), body),
)

export const wearablesConnections = defineOperation(
  {
    id: 'wearables.connections',
    example: wearablesExamples['wearables.connections'],
    method: 'GET',
    path: '/connections/wearables',
    summary: 'List the caller’s wearable connections with their status and last sync',
    tags,
    grant: 'wearables',
    output: WearableConnectionList,
    mcp: { tool: 'list_wearable_connections', annotations: READS },
  },
  async (_input, { app, principal }) => ({ data: await listConnections(app, scopeOf(principal)) }),
)

export const wearablesDisconnect = defineOperation(
  {
    id: 'wearables.disconnect',
    example: wearablesExamples['wearables.disconnect'],
    method: 'POST',
    path: '/connections/wearables/:provider/disconnect',
    summary: 'Disconnect a wearable: revoke access at the provider and delete the stored tokens (no body)',
    tags,
    grant: 'wearables',
    outsideAllowance: 'Revoking access stays available whatever the plan.',
    params: WearableProviderParams,
    output: WearableDisconnected,
    errors: [404],
  },
  ({ params }, { app, principal }) => disconnect(app, scopeOf(principal), params.provider),
)

export const wearablesRefresh = defineOperation(
  {
    id: 'wearables.refresh',
    example: wearablesExamples['wearables.refresh'],
    method: 'POST',
    path: '/connections/:provider/refresh',
    summary: 'Refresh provider tokens you hold: returns the rotated refresh token in refreshed_token',
    description:
      'For own-credential flows where the caller keeps the tokens. WHOOP and Oura rotate the refresh token: persist `refreshed_token`. When the refresh token is the one of your stored connection, that connection is updated too.',
    tags,
    grant: 'wearables',
    params: WearableProviderParams,
    body: WearableRefreshBody,
    output: WearableRefreshResult,
    errors: [501, 502],
  },
  ({ params, body }, { app, principal }) => refreshConnection(app, scopeOf(principal), params.provider, body),
)

export const wearablesSync = defineOperation(
  {
    id: 'wearables.sync',
    example: wearablesExamples['wearables.sync'],
    method: 'POST',
    path: '/connections/wearables/sync',
    summary: 'Sync a date range from a connected WHOOP or Oura account into a new source',
    description:
      'Reads every page of the provider’s data in the range (WHOOP v2 cycles, recovery, sleep and workouts; Oura v2 daily sleep, activity and readiness, sleep periods and workouts), maps it to the wearable metrics (provider scores kept as their own metrics) and stores one source, listed by GET /sources. On a provider 401 the tokens are refreshed once; when you sent refresh_token the rotated one comes back in `refreshed_token`. Provider 429/5xx are retried a few times honouring Retry-After, then answered 503/502 with nothing stored. Counts one wearable sync against the plan quota.',
    tags,
    grant: 'wearables',
    body: WearableSyncBody,
    output: WearableSyncResult,
    errors: [404, 429, 501, 502, 503],
    // Adds a source each call and reads from the provider's API: open-world.
    mcp: { tool: 'sync_wearable', annotations: { ...CREATES, openWorld: true } },
  },
  ({ body }, { app, principal }) => syncConnection(app, scopeOf(principal), body),
)

export const wearablesOperations = [
  wearablesStart,
  wearablesCallback,
  wearablesConnections,
  wearablesDisconnect,
  wearablesRefresh,
  wearablesSync,
]
