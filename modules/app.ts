// Composes the service: builds the application context (database, clock, mail, plans, authentication),
// checks the operation registry, and mounts the problem plugin first and then every module.

import { Elysia } from 'elysia'
import { openDatabase } from '../db/client'
import { analysesModule } from './analyses'
import { auditModule } from './audit'
import { auditTrail } from './audit/trail'
import { authModule } from './auth'
import { authenticator } from './auth/authenticate'
import { databasePlanLookup } from './auth/plan-lookup'
import { billingModule } from './billing'
import { chargeAllowance } from './billing/allowance'
import { consoleModule } from './console'
import { dashboardsModule } from './dashboards'
import { discoveryModule } from './discovery'
import { docsModule } from './docs'
import { geneticsModule } from './genetics'
import { geneticsTasks } from './genetics/tasks'
import { goalsModule } from './goals'
import { importsModule } from './imports'
import { mcpModule } from './mcp'
import { oauthModule } from './oauth'
import { oauthServerModule } from './oauth-server'
import { closeAuthorizationServer } from './oauth-server/bridge'
import { observabilityModule } from './observability'
import { privacyModule } from './privacy'
import { resumePendingDeletions } from './privacy/deletion'
import { privacyTasks } from './privacy/export'
import { profilesModule } from './profiles'
import { providersModule } from './providers'
import { sandboxModule } from './sandbox'
import { type Clock, systemClock } from './shared/clock'
import { type Config, ConfigError } from './shared/config'
import type { AppContext } from './shared/context'
import { corsPlugin } from './shared/cors-plugin'
import { Drain, drainPlugin } from './shared/drain'
import { errorSummary } from './shared/error-summary'
import { hostGuardPlugin } from './shared/host-guard-plugin'
import { RequestLimits } from './shared/limits/request-limits'
import { createLimiterStore } from './shared/limits/store'
import { createLogger, type Logger } from './shared/logger'
import { DevOutbox, type Mailer, smtpMailer } from './shared/mail'
import { Metrics } from './shared/metrics'
import type { DomainModule } from './shared/module'
import { observabilityPlugin } from './shared/observability-plugin'
import type { AnyOperation } from './shared/operation'
import { STRICT_NORMALIZE } from './shared/operations-plugin'
import type { PlanLookup } from './shared/plans'
import { problemPlugin } from './shared/problem-plugin'
import { createJobQueue, type JobQueue, type StopOptions } from './shared/queue'
import { RateLimiter } from './shared/rate-limit'
import { assertRegistry } from './shared/registry'
import { responseEncodingPlugin } from './shared/response-encoding-plugin'
import { securityHeadersPlugin } from './shared/security-headers'
import { type BlobStorage, createBlobStorage } from './shared/storage'
import { sourcesModule } from './sources'
import { trendsModule } from './trends'
import { wearablesModule } from './wearables'
import { wearablesTasks } from './wearables/connections/sync-jobs'
import { webhooksModule } from './webhooks'
import { webhookTasks } from './webhooks/deliver'

/** The service's domain modules, in mounting order. Add a module here (one import, one entry). */
export const MODULES: readonly DomainModule[] = [
  discoveryModule,
  observabilityModule,
  docsModule,
  authModule,
  sandboxModule,
  sourcesModule,
  importsModule,
  trendsModule,
  geneticsModule,
  analysesModule,
  goalsModule,
  profilesModule,
  wearablesModule,
  dashboardsModule,
  privacyModule,
  auditModule,
  billingModule,
  webhooksModule,
  providersModule,
  oauthModule,
  oauthServerModule,
  mcpModule,
  consoleModule,
]

/** Every operation of the service, in the order their modules are mounted. */
export const allOperations: readonly AnyOperation[] = MODULES.flatMap((m) => m.operations)

export interface AppOptions {
  clock?: Clock
  log?: Logger
  /** Replace outgoing mail (tests); by default SMTP when configured, else the development outbox. */
  mailer?: Mailer
  /** Replace the plan lookup (tests of plan rules); by default the database's. */
  plans?: PlanLookup
  /** Replace the blob storage (fault tests: a disk that fills up); by default from the configuration. */
  storage?: BlobStorage
  /** Replace the job queue; by default graphile-worker with QUEUE_DATABASE_URL, else the embedded queue. */
  queue?: JobQueue
  /**
   * Count requests handed to `app.handle` without a server as coming from this machine (the in-process
   * test harness). Off by default: a request whose peer is unknown is never treated as local.
   */
  inProcessCallsAreLocal?: boolean
}

export async function createApp(config: Readonly<Config>, options: AppOptions = {}) {
  assertRegistry(allOperations)
  const log = options.log ?? createLogger(config.logLevel)
  const database = await openDatabase(
    config.databaseUrl,
    config.databaseAuthToken,
    config.databaseDriver,
  ).catch((error) => {
    throw new ConfigError(`DATABASE_URL could not be opened: ${errorSummary(error)}`)
  })
  const limiterStore = await createLimiterStore(config.rateLimits.store).catch((error) => {
    database.close()
    throw new ConfigError(
      `The rate-limit store (${config.rateLimits.store.kind}) could not be opened: ${errorSummary(error)}`,
    )
  })
  const outbox = config.smtpUrl ? null : new DevOutbox(log)
  // The queue's tasks and the authenticator read the finished context; both are reached through it lazily.
  const queue =
    options.queue ??
    createJobQueue(
      config,
      database.db,
      () =>
        metrics.timeTasks({
          ...geneticsTasks(context),
          ...privacyTasks(context),
          ...wearablesTasks(context),
          ...webhookTasks(context),
        }),
      log,
    )
  const metrics = new Metrics(() => queue.depth())
  const context: AppContext = {
    config,
    db: database.db,
    clock: options.clock ?? systemClock,
    log,
    mailer:
      options.mailer ??
      (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom, config.smtpTimeoutSeconds) : outbox!),
    outbox,
    rateLimiter: new RateLimiter(options.clock ?? systemClock),
    limits: new RequestLimits(config.rateLimits, limiterStore, log),
    plans: options.plans ?? databasePlanLookup(database.db),
    allowance: { charge: (op, principal) => chargeAllowance(context, op, principal) },
    metrics,
    audit: {
      record: (e) => audit.record(e),
      around: (c, r) => audit.around(c, r),
      denied: (c, r) => audit.denied(c, r),
    },
    storage: options.storage ?? createBlobStorage(config),
    queue,
    authenticate: (token) => authenticate(token),
    instanceId: crypto.randomUUID(),
    operations: allOperations.filter((op) => !(op.devOnly && config.nodeEnv === 'production')),
    payments: null,
  }
  // x402: the facilitators must answer and support every enabled network before the service starts.
  if (config.x402) {
    // x402's libraries (EVM, Solana) are loaded only when payments are configured.
    const { startPayments } = await import('./payments/payments')
    context.payments = await startPayments(config.x402, context.operations, config.publicBaseUrl).catch(
      async (error) => {
        await database.close()
        throw error
      },
    )
  }
  const authenticate = authenticator(context)
  const audit = auditTrail(context)

  const drain = new Drain()
  // The problem plugin goes first so that it sees every error of every module; the Host/Origin guard and
  // CORS come next, so that no module answers a foreign host or origin; then the header policy, so that
  // every response, errors included, leaves with it.
  const app = new Elysia({ name: 'app', seed: context.instanceId, normalize: STRICT_NORMALIZE })
    .use(problemPlugin(context))
    .use(observabilityPlugin(context))
    .use(hostGuardPlugin(context, options.inProcessCallsAreLocal ?? false))
    .use(corsPlugin(context))
    .use(securityHeadersPlugin(context))
    .use(responseEncodingPlugin(context))
    .use(drainPlugin(context, drain))
  for (const module of MODULES) app.use(module.plugin(context))

  // A deletion a previous process left half done is finished now (SPEC "Privacy": it survives a crash).
  const resumed = resumePendingDeletions(context).catch((error) => {
    log.error('privacy.resume_failed', { error: (error as Error).name })
    return 0
  })

  // Closing stops the queue runner first (if this process started it), then the database. With
  // `graceMs`, jobs still running after that long are handed back to the queue rather than waited for.
  const close = (options: StopOptions = {}) =>
    closeAuthorizationServer(context)
      .then(() => queue.stop(options))
      .catch(() => {})
      .finally(() => {
        database.close()
        return limiterStore.close()
      })
  return { app, context, close, drain, resumed }
}

export type App = Awaited<ReturnType<typeof createApp>>['app']
