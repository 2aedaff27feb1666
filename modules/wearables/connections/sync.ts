// POST /connections/wearables/sync: read a date range from the user's connected WHOOP or Oura account,
// map it to the canonical wearable metrics (provider scores kept as their own metrics) and land it as
// one source. Everything is read before anything is stored, so a failure leaves no partial source; a
// 401 refreshes once and the rotated refresh token goes back in `refreshed_token` when the caller sent
// the one it replaced. Each sync counts against the `wearable_syncs` quota (given back if it fails).

import { metered } from '../../billing/quota'
import { Warnings } from '../../imports/parsed'
import type { AppContext } from '../../shared/context'
import type { Scope } from '../../shared/principal'
import { ProblemError } from '../../shared/problem'
import { createSource } from '../../sources/service'
import { emitWebhookEvent } from '../../webhooks/emit'
import type { WearableSyncBody } from '../model'
import { WearableAccumulator, type WearableRecord } from '../readers/accumulator'
import * as repo from '../repo'
import { refreshTokens } from './oauth-client'
import { mapOura } from './oura-mapper'
import { getPage, type PageReader, readAllPages } from './provider-api'
import { isOAuthProvider, type OAuthProvider, type ProviderDescriptor, providerFor } from './providers'
import { connectionTokens, sealContext, tokenCipher } from './service'
import { queueSync } from './sync-jobs'
import { mapWhoop } from './whoop-mapper'

/** The longest range one sync reads; longer histories are synced in several ranges. */
const MAX_RANGE_DAYS = 366
/** WHOOP v2 pages hold at most 25 records. */
const WHOOP_PAGE = '25'

const invalid = (path: string, message: string) =>
  new ProblemError('validation', message, { extra: { errors: [{ in: 'body', path, message }] } })

function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`)
  d.setUTCDate(d.getUTCDate() - 1)
  return d.toISOString().slice(0, 10)
}

function checkRange(start: string, end: string) {
  const from = Date.parse(`${start}T00:00:00.000Z`)
  const to = Date.parse(`${end}T00:00:00.000Z`)
  if (Number.isNaN(from)) throw invalid('/start', 'start must be a date (YYYY-MM-DD).')
  if (Number.isNaN(to)) throw invalid('/end', 'end must be a date (YYYY-MM-DD).')
  if (to < from) throw invalid('/end', 'end must not be before start.')
  if ((to - from) / 86_400_000 + 1 > MAX_RANGE_DAYS)
    throw invalid('/end', `One sync reads at most ${MAX_RANGE_DAYS} days; sync longer histories in parts.`)
}

/** Told after each collection is read: which one, and how far along the reading is (0-100). */
export type SyncProgress = (stage: string, percent: number) => Promise<void>

/** Read collections one after another, reporting progress after each. */
async function readInOrder<K extends string>(
  collections: readonly K[],
  read: (collection: K) => Promise<Record<string, unknown>[]>,
  progress: SyncProgress | undefined,
) {
  const out = {} as Record<K, Record<string, unknown>[]>
  for (const [i, collection] of collections.entries()) {
    out[collection] = await read(collection)
    await progress?.(`read ${collection}`, Math.round(((i + 1) / (collections.length + 1)) * 100))
  }
  return out
}

const WHOOP_COLLECTIONS = ['/v2/cycle', '/v2/recovery', '/v2/activity/sleep', '/v2/activity/workout'] as const
const OURA_COLLECTIONS = [
  'daily_sleep',
  'daily_activity',
  'daily_readiness',
  'sleep',
  'workout',
  'heartrate',
] as const

/** Today's date, or the range's last day when the range ends earlier: where undated values are filed. */
const bodyDayOf = (today: string, end: string) => (today < end ? today : end)

async function readWhoop(
  p: ProviderDescriptor,
  reader: PageReader,
  start: string,
  end: string,
  today: string,
  progress?: SyncProgress,
) {
  // WHOOP filters on ISO date-times; the end is exclusive, so the day after `end` keeps it whole.
  const q = { start: `${start}T00:00:00.000Z`, end: `${dayAfter(end)}T00:00:00.000Z`, limit: WHOOP_PAGE }
  const read = (path: string) => readAllPages(p, reader, path, q, 'nextToken')
  const got = await readInOrder(WHOOP_COLLECTIONS, read, progress)
  // Body measurements are one undated document (height, weight, maximum heart rate), not a collection.
  const body = await getPage(p, reader, new URL(`${p.endpoints.apiBaseUrl}/v2/user/measurement/body`), {
    notFoundIsEmpty: true,
  })
  return mapWhoop({
    cycles: got['/v2/cycle'],
    recoveries: got['/v2/recovery'],
    sleeps: got['/v2/activity/sleep'],
    workouts: got['/v2/activity/workout'],
    body,
    bodyDay: bodyDayOf(today, end),
  })
}

async function readOura(
  p: ProviderDescriptor,
  reader: PageReader,
  start: string,
  end: string,
  progress?: SyncProgress,
) {
  // Oura's end_date is not inclusive on every collection; ask a day more and keep the days asked for.
  const q = { start_date: start, end_date: dayAfter(end) }
  // Heart rate is filtered by date-time; a day either side covers every zone, the days are kept later.
  const hq = {
    start_datetime: `${dayBefore(start)}T00:00:00Z`,
    end_datetime: `${dayAfter(dayAfter(end))}T00:00:00Z`,
  }
  const read = (kind: string) =>
    readAllPages(p, reader, `/v2/usercollection/${kind}`, kind === 'heartrate' ? hq : q, 'next_token')
  const got = await readInOrder(OURA_COLLECTIONS, read, progress)
  return mapOura({
    dailySleep: got.daily_sleep,
    dailyActivity: got.daily_activity,
    dailyReadiness: got.daily_readiness,
    sleep: got.sleep,
    workouts: got.workout,
    heartrate: got.heartrate,
  })
}

export async function syncConnection(app: AppContext, scope: Scope, body: WearableSyncBody) {
  if (!isOAuthProvider(body.source_provider))
    throw new ProblemError(
      'notImplemented',
      'Health Connect data is uploaded by the companion app, not pulled by a sync; WHOOP and Oura sync here.',
    )
  const provider: OAuthProvider = body.source_provider
  checkRange(body.start, body.end)
  if (body.refresh_token !== undefined && (!body.client_id || !body.client_secret))
    throw invalid(
      '/client_secret',
      'With refresh_token, send the client_id and client_secret it was issued to.',
    )
  const row = await repo.findConnection(app.db, scope, provider)
  if (!row || row.provider_user_id !== body.provider_user_id)
    throw new ProblemError(
      'notFound',
      `No ${provider} connection for that provider_user_id; connect it first (start, then callback).`,
    )
  if (body.async === true)
    return metered(app, scope, 'wearable_syncs', () => queueSync(app, scope, row, body, 'request'))
  return metered(app, scope, 'wearable_syncs', () => runSync(app, scope, provider, row, body))
}

/** What one sync reads and with which caller-held credentials (all optional). */
export interface SyncRequest {
  start: string
  end: string
  refresh_token?: string
  client_id?: string
  client_secret?: string
}

export async function runSync(
  app: AppContext,
  scope: Scope,
  provider: OAuthProvider,
  row: repo.ConnectionRow,
  body: SyncRequest,
  progress?: SyncProgress,
) {
  const descriptor = providerFor(app.config, provider)
  const stored = await connectionTokens(app, row)
  const firstParty = app.config.wearables[provider]
  let rotated: string | null = null
  const reader: PageReader = {
    accessToken: stored.accessToken,
    refreshed: false,
    refresh: async () => {
      const refreshToken = body.refresh_token ?? stored.refreshToken
      const client =
        body.client_id && body.client_secret
          ? { clientId: body.client_id, clientSecret: body.client_secret }
          : row.client_id === null && firstParty
            ? firstParty
            : null
      if (!refreshToken || !client) return null
      const now = app.clock.now()
      const tokens = await refreshTokens(descriptor, client, refreshToken, undefined, now)
      const cipher = tokenCipher(app)
      const next = tokens.refreshToken ?? refreshToken
      await repo.updateConnectionTokens(app.db, row.id, {
        access_token: await cipher.seal(tokens.accessToken, sealContext(scope, provider, 'access')),
        refresh_token: await cipher.seal(next, sealContext(scope, provider, 'refresh')),
        token_expires_at: tokens.expiresAt,
        updated_at: now.toISOString(),
      })
      if (body.refresh_token !== undefined) rotated = next
      return tokens.accessToken
    },
  }
  const records: WearableRecord[] =
    provider === 'whoop'
      ? await readWhoop(
          descriptor,
          reader,
          body.start,
          body.end,
          app.clock.now().toISOString().slice(0, 10),
          progress,
        )
      : await readOura(descriptor, reader, body.start, body.end, progress)

  const warnings = new Warnings()
  const accumulator = new WearableAccumulator(warnings)
  // The provider's range filters work on timestamps; keep only the local days asked for.
  for (const record of records)
    if (record.local_date >= body.start && record.local_date <= body.end) accumulator.add(record)
  const observations = accumulator.observations()
  const source = await createSource(
    app,
    scope,
    {
      modality: 'wearables',
      format: `${provider}_api_v2`,
      provider,
      record_count: accumulator.records,
      warnings: warnings.all(),
      details: { sync: { start: body.start, end: body.end, provider_user_id: row.provider_user_id } },
    },
    observations,
  )
  const now = app.clock.now().toISOString()
  await repo.markConnectionSynced(app.db, row.id, now)
  // Both the synchronous answer and a queued job's run end here, so subscribers hear of either.
  await emitWebhookEvent(app, scope, 'wearable.sync.finished', {
    provider,
    source_id: source.source_id,
    observations: observations.length,
  })
  return {
    status: 'completed' as const,
    source_provider: provider,
    provider_user_id: row.provider_user_id,
    start: body.start,
    end: body.end,
    source_id: source.source_id,
    record_count: accumulator.records,
    observation_count: observations.length,
    warnings: warnings.all(),
    synced_at: now,
    ...(rotated !== null ? { refreshed_token: rotated } : {}),
  }
}
