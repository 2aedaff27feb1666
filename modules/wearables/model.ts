// TypeBox models of the wearable connection operations. Request bodies follow SPEC "Wearable
// connections" exactly (the start operation's source_provider takes `whoop` and `health_connect`; an
// Oura connection arrives through the callback with the integrator's own credentials). Responses never
// carry a provider token.

import { type Static, Type } from '@sinclair/typebox'

const Id = Type.String({ minLength: 1 })

export const StartProvider = Type.Union([Type.Literal('whoop'), Type.Literal('health_connect')], {
  description: 'The server-OAuth provider (`whoop`) or the Android health hub (`health_connect`).',
})
export const SourceProvider = Type.Union(
  [Type.Literal('whoop'), Type.Literal('oura'), Type.Literal('health_connect')],
  { description: 'A wearable provider.' },
)

export const WearableStartBody = Type.Object({
  user_id: Id,
  source_provider: StartProvider,
  organization_id: Type.Optional(Id),
  client_id: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'Your own OAuth client id; optional with first-party credentials.',
    }),
  ),
  redirect_uri: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'Where the provider sends the user back; must be registered with it.',
    }),
  ),
  state: Type.Optional(
    Type.String({
      maxLength: 512,
      description: 'Your own state; handed back by the callback. The provider gets a signed one.',
    }),
  ),
  scopes: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      maxItems: 32,
      description:
        'OAuth scopes to ask for; default: every read scope the sync uses (and `offline` for WHOOP).',
    }),
  ),
})
export type WearableStartBody = Static<typeof WearableStartBody>

export const WearableStartResult = Type.Object({
  authorization_url: Type.String({ description: 'Open this for the user.' }),
  source_provider: StartProvider,
  state: Type.String({
    description:
      'The signed, single-use state inside authorization_url; pass it back to the callback with the code.',
  }),
  expires_at: Type.String({
    format: 'date-time',
    description: 'The authorization must complete before this.',
  }),
  pkce: Type.Boolean({ description: 'Whether a PKCE (S256) challenge was sent; the verifier stays here.' }),
})

export const WearableCallbackBody = Type.Object({
  user_id: Id,
  organization_id: Id,
  source_provider: SourceProvider,
  code: Type.String({
    minLength: 1,
    maxLength: 2048,
    description:
      'The authorization code from the provider’s redirect, or for `health_connect` the connection code the console showed after approval (case, spaces and dashes do not matter).',
  }),
  client_id: Type.Optional(Id),
  client_secret: Type.Optional(Id),
  redirect_uri: Type.Optional(Id),
  state: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'The `state` from the provider’s redirect. When given it must be the one this user’s start issued, unused and unexpired.',
    }),
  ),
})
export type WearableCallbackBody = Static<typeof WearableCallbackBody>

export const WearableConnection = Type.Object(
  {
    id: Type.String(),
    source_provider: SourceProvider,
    provider_user_id: Type.String(),
    status: Type.Union([Type.Literal('active'), Type.Literal('needs_reauthorization')]),
    scopes: Type.Array(Type.String()),
    credentials: Type.Union([Type.Literal('first_party'), Type.Literal('own')], {
      description: 'Whether the deployment’s own OAuth client or the integrator’s was used.',
    }),
    token_expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    has_refresh_token: Type.Boolean(),
    connected_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    last_sync_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'WearableConnection' },
)
export type WearableConnection = Static<typeof WearableConnection>

export const WearableCallbackResult = Type.Object({
  connection: WearableConnection,
  replaced: Type.Boolean({
    description: 'True when this replaced the user’s earlier connection to the provider.',
  }),
  state: Type.Union([Type.String(), Type.Null()], { description: 'Your own state from the start, if any.' }),
  device_credential: Type.Optional(
    Type.Object(
      {
        token: Type.String({
          description:
            'Shown once: the companion app sends it as `Authorization: Bearer <token>` to upload records. It may do nothing else, and stops working when the connection is disconnected or paired again.',
        }),
        id: Type.String({ description: 'The credential’s id; the connection’s provider_user_id names it.' }),
        grants: Type.Array(Type.String()),
        upload_url: Type.String({ description: 'Where the app uploads batches of records.' }),
      },
      { description: 'Only for `health_connect`: the paired device’s credential.' },
    ),
  ),
})

export const WearableConnectionList = Type.Object({
  data: Type.Array(WearableConnection),
})

export const WearableProviderParams = Type.Object({ provider: SourceProvider })

export const WearableDisconnected = Type.Object({
  source_provider: SourceProvider,
  disconnected: Type.Literal(true),
  revoked_at_provider: Type.Boolean({
    description: 'Whether the provider confirmed the revocation; the tokens are deleted here either way.',
  }),
})

export const WearableRefreshBody = Type.Object({
  refresh_token: Type.String({ minLength: 1 }),
  client_id: Type.String({ minLength: 1 }),
  client_secret: Type.String({ minLength: 1 }),
  scopes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 32 })),
})

export const WearableRefreshResult = Type.Object({
  source_provider: SourceProvider,
  refreshed_token: Type.String({
    description:
      'The refresh token to keep from now on: WHOOP and Oura rotate it, and the old one stops working.',
  }),
  rotated: Type.Boolean(),
  expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  scopes: Type.Array(Type.String()),
  stored_connection_updated: Type.Boolean({
    description:
      'True when the refresh token was the caller’s stored connection’s, which now holds the new tokens.',
  }),
})

const DateOnly = Type.String({ format: 'date', description: 'A calendar date (YYYY-MM-DD).' })

export const WearableSyncBody = Type.Object({
  user_id: Id,
  organization_id: Id,
  source_provider: SourceProvider,
  provider_user_id: Type.String({
    minLength: 1,
    description: 'The provider’s id for the user, as the connection reports it.',
  }),
  start: DateOnly,
  end: DateOnly,
  async: Type.Boolean({
    description:
      'True queues the sync as a job and answers at once with it (status `queued`); read its progress with GET /connections/wearables/sync-jobs/{id}.',
  }),
  refresh_token: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'Your refresh token for this connection; on a provider 401 it is used once and the rotated one is returned in refreshed_token.',
    }),
  ),
  client_id: Type.Optional(Id),
  client_secret: Type.Optional(Id),
})
export type WearableSyncBody = Static<typeof WearableSyncBody>

// No $id: it is one operation's whole output and nested in another's, and a route's compiled response
// check changes the top-level schema object it is given, so the two uses would no longer be one schema.
export const WearableSyncJob = Type.Object({
  id: Type.String(),
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('succeeded'),
    Type.Literal('failed'),
  ]),
  source_provider: SourceProvider,
  provider_user_id: Type.String(),
  start: Type.String({ format: 'date' }),
  end: Type.String({ format: 'date' }),
  trigger: Type.Union([Type.Literal('request'), Type.Literal('webhook')], {
    description: 'Whether a caller or a provider webhook started it.',
  }),
  progress: Type.Object({
    stage: Type.String({ description: 'What the sync is doing (`queued`, `read /v2/cycle`, `done` …).' }),
    percent: Type.Integer({ minimum: 0, maximum: 100 }),
  }),
  source_id: Type.Union([Type.String(), Type.Null()], {
    description: 'The source it landed, once succeeded.',
  }),
  record_count: Type.Union([Type.Integer(), Type.Null()]),
  observation_count: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
    description: 'Problem details of a failed sync.',
  }),
  created_at: Type.String({ format: 'date-time' }),
  started_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  refreshed_token: Type.Optional(
    Type.String({
      description:
        'When the sync refreshed the refresh_token you sent: the rotated one to persist (readable on the job for a day).',
    }),
  ),
})
export type WearableSyncJob = Static<typeof WearableSyncJob>

/**
 * The answer of a sync: the finished sync (`completed`, with the source and counts) or, with
 * `async: true`, the queued job (`queued`, with `job`). One object rather than a union, so that MCP
 * clients receive it as structured content.
 */
export const WearableSyncResult = Type.Object({
  status: Type.Union([Type.Literal('completed'), Type.Literal('queued')]),
  source_provider: SourceProvider,
  provider_user_id: Type.String(),
  start: Type.String({ format: 'date' }),
  end: Type.String({ format: 'date' }),
  source_id: Type.Optional(
    Type.String({ description: 'Completed: the source this sync landed; listed by GET /sources.' }),
  ),
  record_count: Type.Optional(Type.Integer({ description: 'Completed: provider values read in the range.' })),
  observation_count: Type.Optional(
    Type.Integer({ description: 'Completed: daily observations stored (one per metric and day).' }),
  ),
  warnings: Type.Optional(Type.Array(Type.Object({ code: Type.String(), message: Type.String() }))),
  synced_at: Type.Optional(Type.String({ format: 'date-time' })),
  refreshed_token: Type.Optional(
    Type.String({
      description:
        'Present when the sync refreshed the refresh_token you sent: persist it, the old one no longer works.',
    }),
  ),
  job: Type.Optional(WearableSyncJob),
})

export const WearableSyncJobParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) })

export const WebhookReceived = Type.Object({
  received: Type.Literal(true),
  event: Type.String({ description: 'The provider’s event type, as sent.' }),
  syncs_queued: Type.Integer({
    description:
      'Async syncs of the member’s last two days queued (one per connection; none while one waits).',
  }),
})

export const OuraVerificationQuery = Type.Object({
  verification_token: Type.String({ minLength: 1, maxLength: 512 }),
  challenge: Type.String({ minLength: 1, maxLength: 512 }),
})

export const OuraVerificationAnswer = Type.Object({ challenge: Type.String() })
