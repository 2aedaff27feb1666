// Configuration: one declared list of environment variables, parsed once at start into a frozen object.
// A missing or malformed value stops the start with a message naming the variable. Tests build a
// Config with `testConfig()` instead of touching process.env. The README's table is checked against
// CONFIG_VARIABLES by a test, so this list is the single source of truth.

import { join, resolve } from 'node:path'
import { type X402Settings, x402Settings } from '../payments/settings'
import { parseTrustProxy, type TrustedProxies, TrustProxyError } from './client-address'

import { DEFAULT_IP_LIMITS, DEFAULT_KEY_LIMITS, parseRateLimits, type RateLimitRules } from './limits/rules'

type Kind = 'string' | 'integer' | 'boolean' | 'url' | 'enum'

export interface ConfigVariable {
  name: string
  kind: Kind
  default?: string
  values?: readonly string[]
  /** For `url`: the schemes accepted, without the colon. */
  schemes?: readonly string[]
  secret?: boolean
  /** Shortest value accepted (secrets: anything shorter is a placeholder, not a secret). */
  minLength?: number
  description: string
}

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', kind: 'integer', default: '3000', description: 'HTTP port the service listens on.' },
  {
    name: 'HOST',
    kind: 'string',
    default: '127.0.0.1',
    description:
      'Interface to bind. The default accepts connections from this machine only (a reverse proxy beside it); `0.0.0.0` (or `::`) accepts the network.',
  },
  {
    name: 'DATA_DIR',
    kind: 'string',
    default: './data',
    description:
      'Where the embedded database and blobs live unless DATABASE_URL or storage settings say otherwise.',
  },
  {
    name: 'DATABASE_URL',
    kind: 'url',
    schemes: ['file', 'libsql', 'http', 'https', 'ws', 'wss'],
    default: 'file:<DATA_DIR>/wellness.db',
    description:
      "SQLite URL: `file:` for the embedded file (runs on Bun's built-in `bun:sqlite`), `libsql://`, `http(s)://` or `ws(s)://` for a libsql server (sqld, Turso; runs on `@libsql/client`). DATABASE_DRIVER can force the client.",
  },
  {
    name: 'DATABASE_DRIVER',
    kind: 'enum',
    values: ['auto', 'bun-sqlite', 'libsql'],
    default: 'auto',
    description:
      "Which client runs DATABASE_URL. `auto`: a `file:` URL runs on Bun's built-in `bun:sqlite` (the embedded database, fastest), `libsql://`, `http(s)://` and `ws(s)://` on `@libsql/client`. `libsql` forces `@libsql/client` on a `file:` URL too; `bun-sqlite` accepts only `file:` URLs.",
  },
  {
    name: 'DATABASE_AUTH_TOKEN',
    kind: 'string',
    minLength: 16,
    secret: true,
    description: 'Auth token for a remote libsql server.',
  },
  {
    name: 'PUBLIC_BASE_URL',
    kind: 'url',
    schemes: ['http', 'https'],
    default: 'http://localhost:<PORT>',
    description:
      'Base URL used in links the service hands out (sign-in links, problem types, dashboard URLs).',
  },
  {
    name: 'ALLOWED_HOSTS',
    kind: 'string',
    description:
      'Comma-separated extra host names requests may be addressed to (`Host`), e.g. `api.example.com,*.example.org`. Always allowed: the host of PUBLIC_BASE_URL, HOST when it names one, and loopback names (in production only from a loopback peer). Others get 403.',
  },
  {
    name: 'ALLOWED_ORIGINS',
    kind: 'string',
    description:
      'Comma-separated extra browser origins (`https://app.example.com`) allowed to call the API, with CORS. Always allowed: the origin of PUBLIC_BASE_URL and, outside production, loopback origins. A request with another `Origin` gets 403.',
  },
  {
    name: 'NODE_ENV',
    kind: 'enum',
    values: ['development', 'production', 'test'],
    default: 'development',
    description:
      '`production` hides the development mail outbox and requires SMTP_URL and PUBLIC_BASE_URL. The compiled binary runs as `production` unless NODE_ENV says otherwise.',
  },
  {
    name: 'LOG_LEVEL',
    kind: 'enum',
    values: ['debug', 'info', 'warn', 'error', 'silent'],
    default: 'info',
    description: 'Minimum level of the JSON log lines on stdout.',
  },
  {
    name: 'SMTP_URL',
    kind: 'url',
    schemes: ['smtp', 'smtps'],
    secret: true,
    description:
      'SMTP server for sign-in mail, e.g. `smtp://user:pass@mail.example.com:587`. Unset: development outbox (refused in production).',
  },
  {
    name: 'SMTP_TIMEOUT_SECONDS',
    kind: 'integer',
    default: '10',
    description:
      'How long sign-in waits for the SMTP server to connect, greet and answer each step; a server that stays silent longer gets the request a 503 with Retry-After rather than a hanging sign-in.',
  },
  {
    name: 'MAIL_FROM',
    kind: 'string',
    default: 'Wellness Data Service <no-reply@localhost>',
    description: 'Sender of sign-in mail.',
  },
  {
    name: 'OIDC_ISSUER',
    kind: 'url',
    schemes: ['http', 'https'],
    description: 'Accept bearer JWTs from this OpenID Connect issuer (verified against its JWKS).',
  },
  {
    name: 'OIDC_AUDIENCE',
    kind: 'string',
    description: 'Required `aud` of OIDC access tokens (needed when OIDC_ISSUER is set).',
  },
  {
    name: 'OIDC_JWKS_URL',
    kind: 'url',
    schemes: ['http', 'https'],
    description: "JWKS location; default: the issuer's discovery document `jwks_uri`.",
  },
  {
    name: 'TRUST_PROXY',
    kind: 'string',
    default: 'false',
    description:
      'Proxies allowed to append to X-Forwarded-For: `false` (none; the socket peer is the client), a hop count (`1` behind one reverse proxy), or their addresses as a comma-separated CIDR list (`10.0.0.0/8,::1`). The client address (for per-address rate limits) is the right-most hop that is not a trusted proxy.',
  },
  {
    name: 'SHUTDOWN_DRAIN_SECONDS',
    kind: 'integer',
    default: '30',
    description:
      'On SIGTERM/SIGINT, how long running requests (and then running jobs) get to finish. New requests meanwhile get 503 with `Connection: close`; jobs still running at the end go back to the queue.',
  },
  {
    name: 'MAX_BODY_BYTES',
    kind: 'integer',
    default: '1048576',
    description: 'Largest JSON body accepted by ordinary operations (bytes); larger gets 413.',
  },
  {
    name: 'IMPORT_MAX_BYTES',
    kind: 'integer',
    default: '10485760',
    description:
      'Largest file POST /imports/file accepts, in bytes of decoded content (text or data_base64); the request body may be a third larger for base64. Larger gets 413.',
  },
  {
    name: 'IMPORT_PARSE_WORKERS',
    kind: 'integer',
    default: '1',
    description:
      'Files POST /imports/file parses at the same time, each on its own worker thread off the request loop; more imports wait their turn. Bounds the memory parsing takes.',
  },
  {
    name: 'OBSERVATIONS_MAX_PER_SOURCE',
    kind: 'integer',
    default: '100000',
    description:
      'Most observations one import or sync may store (wearable samples count once per day and device); more gets 413.',
  },
  {
    name: 'OBSERVATIONS_MAX_PER_USER',
    kind: 'integer',
    default: '1000000',
    description:
      "Most observations one user's live sources may hold; an import that would pass it gets 422 `limit-exceeded` (delete old sources to make room).",
  },
  {
    name: 'EXPORT_INLINE_MAX_BYTES',
    kind: 'integer',
    default: '52428800',
    description:
      'Privacy exports whose uploaded files total at most this many bytes are answered directly as a zip; larger ones run as a job with a download URL.',
  },
  {
    name: 'EXPORT_URL_TTL_SECONDS',
    kind: 'integer',
    default: '900',
    description: 'How long a privacy export download URL stays valid.',
  },
  {
    name: 'WHOOP_CLIENT_ID',
    kind: 'string',
    description: 'First-party WHOOP OAuth client id (with WHOOP_CLIENT_SECRET).',
  },
  {
    name: 'WHOOP_CLIENT_SECRET',
    kind: 'string',
    minLength: 8,
    secret: true,
    description: 'First-party WHOOP OAuth client secret.',
  },
  {
    name: 'OURA_CLIENT_ID',
    kind: 'string',
    description: 'First-party Oura OAuth client id (with OURA_CLIENT_SECRET).',
  },
  {
    name: 'OURA_CLIENT_SECRET',
    kind: 'string',
    minLength: 8,
    secret: true,
    description: 'First-party Oura OAuth client secret.',
  },
  {
    name: 'OURA_WEBHOOK_VERIFICATION_TOKEN',
    kind: 'string',
    minLength: 16,
    secret: true,
    description:
      'The verification_token given to Oura when subscribing to its webhooks; Oura’s subscription check (GET with verification_token and challenge) is answered only when it matches. Unset: the check is refused.',
  },
  {
    name: 'TOKEN_ENCRYPTION_KEY',
    kind: 'string',
    minLength: 43,
    secret: true,
    description:
      'Key(s) that encrypt wearable provider tokens at rest (AES-256-GCM): base64 of 32 random bytes (`openssl rand -base64 32`). To rotate, put the new key first and keep the old one after a comma; tokens are re-encrypted with the first key when next used. Unset: wearable connections are refused with 503.',
  },
  {
    name: 'DBSNP_REFERENCE_PATH',
    kind: 'string',
    description:
      'A provisioned dbSNP index directory (made by `bun run genetics index-dbsnp`, the fast path) or a bgzipped, tabix-indexed dbSNP VCF, for full dbSNP annotation (`annotation_depth: full_dbsnp`). Unset: compact annotation only.',
  },
  {
    name: 'BILLING_ENABLED',
    kind: 'boolean',
    default: 'false',
    description: 'Hosted billing rules (plans, quotas, payments). Off for self-hosted deployments.',
  },
  {
    name: 'X402_ENABLED',
    kind: 'boolean',
    default: 'false',
    description:
      'Pay-per-request (x402 v2) on the payable routes, for callers without an `Authorization` header. Needs BILLING_ENABLED=true and the X402_* values below; the start fails naming anything missing, or a network no facilitator supports.',
  },
  {
    name: 'X402_NETWORKS',
    kind: 'string',
    description:
      'Comma-separated CAIP-2 networks accepted for payment: `eip155:8453` (Base), `eip155:137` (Polygon), `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp` (Solana). Payment is USDC, scheme `exact`.',
  },
  {
    name: 'X402_FACILITATOR_URLS',
    kind: 'string',
    description:
      'Comma-separated x402 facilitator base URLs (each serving `/supported`, `/verify`, `/settle`). When several support a network the first listed is used. No default: a public testnet facilitator is never used for mainnet payments.',
  },
  {
    name: 'X402_EVM_PAY_TO',
    kind: 'string',
    description:
      'Public address (0x…) that receives EVM payments; required when X402_NETWORKS names an eip155 network. Never a private key.',
  },
  {
    name: 'X402_SOLANA_PAY_TO',
    kind: 'string',
    description:
      'Public address (base58) that receives Solana payments; required when X402_NETWORKS names a solana network. Never a private key.',
  },
  {
    name: 'X402_FACILITATOR_AUTH_HEADERS',
    kind: 'string',
    secret: true,
    description:
      'JSON headers sent to the facilitators (e.g. `{"Authorization":"Bearer …"}`), or a JSON object of such header objects keyed by facilitator URL. Keep it a deployment secret.',
  },
  {
    name: 'X402_ROUTE_PRICES',
    kind: 'string',
    description:
      'JSON object overriding prices: keys are operation ids (`analyses.create`) or routes (`POST /analyses`, `/analyses/:id`), values dollar amounts (`"0.02"`). Unknown keys stop the start.',
  },
  {
    name: 'STRIPE_SECRET_KEY',
    kind: 'string',
    minLength: 8,
    secret: true,
    description: 'Stripe secret API key for checkout and the customer portal (hosted billing).',
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    kind: 'string',
    minLength: 8,
    secret: true,
    description:
      'Signing secret of the Stripe webhook endpoint (`whsec_…`); without it webhooks are refused.',
  },
  {
    name: 'STRIPE_API_BASE',
    kind: 'url',
    schemes: ['http', 'https'],
    description: 'Test only: base URL of a local stand-in for the Stripe API (default: Stripe itself).',
  },
  {
    name: 'WEBHOOKS_ALLOW_PRIVATE_TARGETS',
    kind: 'boolean',
    default: 'false',
    description:
      'Development and tests only: let outbound webhook endpoints point at loopback, private, link-local or metadata addresses. Refused with NODE_ENV=production, where such targets are always refused.',
  },
  {
    name: 'WEBHOOKS_MAX_ATTEMPTS',
    kind: 'integer',
    default: '8',
    description:
      'Attempts per outbound webhook delivery (the first and its retries, with exponential backoff from the job queue) before it is marked failed.',
  },
  {
    name: 'WEBHOOKS_TIMEOUT_SECONDS',
    kind: 'integer',
    default: '10',
    description: 'How long one outbound webhook attempt waits for the receiver to answer.',
  },
  {
    name: 'QUERY_LLM_URL',
    kind: 'url',
    schemes: ['http', 'https'],
    description:
      'Base URL of an OpenAI-compatible API (`…/v1`) that may phrase grounded query answers from the retrieved facts only. Unset: answers are composed without a model. The facts (health data) are sent to this endpoint.',
  },
  {
    name: 'QUERY_LLM_MODEL',
    kind: 'string',
    default: 'gpt-4o-mini',
    description: 'Model name sent to QUERY_LLM_URL.',
  },
  {
    name: 'QUERY_LLM_API_KEY',
    kind: 'string',
    minLength: 8,
    secret: true,
    description: 'Bearer key for QUERY_LLM_URL, when it needs one.',
  },
  {
    name: 'GENETICS_MAX_UPLOAD_BYTES',
    kind: 'integer',
    default: '5368709120',
    description: 'Largest genetics file an upload session accepts (bytes, default 5 GiB); larger gets 413.',
  },
  {
    name: 'GENETICS_MAX_OPEN_UPLOADS',
    kind: 'integer',
    default: '5',
    description:
      "Open (pending, unexpired) genetics upload sessions one user may hold; one more gets 422 `limit-exceeded`. With BILLING_ENABLED the plan's queued-WGS-job quota caps them instead.",
  },
  {
    name: 'GENETICS_MAX_OPEN_UPLOAD_BYTES',
    kind: 'integer',
    default: '10737418240',
    description:
      "Total declared size of one user's open genetics upload sessions (bytes, default 10 GiB); a session that would pass it gets 422 `limit-exceeded`.",
  },
  {
    name: 'GENETICS_UPLOAD_TTL_SECONDS',
    kind: 'integer',
    default: '86400',
    description: 'How long a genetics upload session (and its upload URL) stays open.',
  },
  {
    name: 'QUEUE_DATABASE_URL',
    kind: 'url',
    schemes: ['postgres', 'postgresql'],
    secret: true,
    description:
      'PostgreSQL for the job queue (graphile-worker); workers run with `bun run worker`. Unset: the embedded queue runs inside the service.',
  },
  {
    name: 'QUEUE_SCHEMA',
    kind: 'string',
    default: 'graphile_worker',
    description: 'PostgreSQL schema graphile-worker keeps its tables in.',
  },
  {
    name: 'QUEUE_CONCURRENCY',
    kind: 'integer',
    default: '1',
    description: 'Jobs one worker process (or the embedded queue) runs at the same time.',
  },
  {
    name: 'QUEUE_WORKER_TIMEOUT_SECONDS',
    kind: 'integer',
    default: '60',
    description:
      'A graphile-worker process silent for this long is taken as dead and its jobs are handed to other workers.',
  },
  {
    name: 'METRICS_TOKEN',
    kind: 'string',
    minLength: 16,
    secret: true,
    description:
      'Serve Prometheus metrics at `GET /metrics` to scrapers sending `Authorization: Bearer <METRICS_TOKEN>` (request counts and latencies by route template, queue depth, job durations, import sizes). Unset: /metrics answers 404.',
  },
  {
    name: 'RATE_LIMITS_ENABLED',
    kind: 'boolean',
    default: 'true',
    description:
      'Per-credential and per-address request limits by route class (see "Rate limits" in Security). `false` turns them off (a private deployment behind its own limiter).',
  },
  {
    name: 'RATE_LIMITS',
    kind: 'string',
    default: DEFAULT_KEY_LIMITS,
    description:
      'Requests one credential (API key, session, token) may make per route class: `class=requests/seconds`, comma-separated. Classes: `sign_in`, `reads`, `writes`, `imports`, `mcp`; a class left out keeps its default.',
  },
  {
    name: 'RATE_LIMITS_PER_IP',
    kind: 'string',
    default: DEFAULT_IP_LIMITS,
    description:
      'Requests one client address (see TRUST_PROXY) may make per route class, signed in or not; same form as RATE_LIMITS.',
  },
  {
    name: 'RATE_LIMIT_STORE',
    kind: 'enum',
    values: ['memory', 'redis', 'postgres'],
    description:
      'Where the counters live: `memory` (this process only), `redis` (REDIS_URL) or `postgres` (RATE_LIMIT_DATABASE_URL, else QUEUE_DATABASE_URL), so that replicas share them. Default: `redis` when REDIS_URL is set, else `memory`.',
  },
  {
    name: 'REDIS_URL',
    kind: 'url',
    schemes: ['redis', 'rediss'],
    secret: true,
    description: 'Redis for shared rate-limit counters, e.g. `redis://127.0.0.1:6379`.',
  },
  {
    name: 'RATE_LIMIT_DATABASE_URL',
    kind: 'url',
    schemes: ['postgres', 'postgresql'],
    secret: true,
    description:
      'PostgreSQL for shared rate-limit counters with RATE_LIMIT_STORE=postgres; default QUEUE_DATABASE_URL.',
  },
  {
    name: 'HEAVY_WORK_PER_WORKSPACE',
    kind: 'integer',
    default: '4',
    description:
      'Heavy requests (imports, genetics uploads and jobs, analyses, exports, syncs) one workspace may have running at once, across replicas when the store is shared; one more gets 429 `too-busy` with Retry-After.',
  },
  {
    name: 'S3_BUCKET',
    kind: 'string',
    description:
      'Store uploads in this S3-compatible bucket (presigned multipart uploads) instead of DATA_DIR/blobs; needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.',
  },
  {
    name: 'S3_ENDPOINT',
    kind: 'url',
    schemes: ['http', 'https'],
    description: 'S3-compatible endpoint (MinIO, R2, ...); unset: AWS S3.',
  },
  { name: 'S3_REGION', kind: 'string', description: 'Region of the bucket (AWS S3).' },
  { name: 'S3_ACCESS_KEY_ID', kind: 'string', description: 'Access key for S3_BUCKET.' },
  {
    name: 'S3_SECRET_ACCESS_KEY',
    kind: 'string',
    secret: true,
    description: 'Secret key for S3_BUCKET.',
  },
]

export type NodeEnv = 'development' | 'production' | 'test'

export interface OAuthClient {
  clientId: string
  clientSecret: string
}

export interface Config {
  port: number
  host: string
  /** Extra host names (`Host`) accepted besides PUBLIC_BASE_URL's, HOST's and loopback names. */
  allowedHosts: readonly string[]
  /** Extra browser origins accepted besides PUBLIC_BASE_URL's (and loopback outside production). */
  allowedOrigins: readonly string[]
  dataDir: string
  databaseUrl: string
  databaseAuthToken: string | null
  /** Which client runs the database (db/client.ts): `auto` picks by the URL's scheme. */
  databaseDriver: 'auto' | 'bun-sqlite' | 'libsql'
  publicBaseUrl: string
  nodeEnv: NodeEnv
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent'
  smtpUrl: string | null
  /** Seconds SMTP may take to connect, greet, and answer each command. */
  smtpTimeoutSeconds: number
  mailFrom: string
  oidc: { issuer: string; audience: string; jwksUrl: string | null } | null
  /** Proxies trusted to append to X-Forwarded-For; null: none. */
  trustProxy: TrustedProxies | null
  /** Drain deadline on shutdown, in seconds. */
  shutdownDrainSeconds: number
  maxBodyBytes: number
  /** Largest decoded file POST /imports/file accepts. */
  importMaxBytes: number
  /** Imports parsed at once, each on a worker thread. */
  importParseWorkers: number
  /** Caps on stored observations: per import or sync, and per user across live sources. */
  observations: { maxPerSource: number; maxPerUser: number }
  exportInlineMaxBytes: number
  exportUrlTtlSeconds: number
  wearables: { whoop: OAuthClient | null; oura: OAuthClient | null }
  /** OURA_WEBHOOK_VERIFICATION_TOKEN; null when unset. */
  ouraWebhookVerificationToken: string | null
  /** TOKEN_ENCRYPTION_KEY: 32-byte keys, the first encrypts, all decrypt; empty when unset. */
  tokenEncryptionKeys: readonly Uint8Array[]
  /**
   * Where the wearable providers' OAuth and data APIs live. Not an environment variable: the real
   * endpoints unless a test points them at its local stand-in servers.
   */
  wearableEndpoints?: Partial<Record<'whoop' | 'oura', WearableEndpoints>>
  dbsnpReferencePath: string | null
  billingEnabled: boolean
  /** Stripe keys of hosted billing; null when not configured (checkout, portal and webhooks refuse). */
  stripe: { secretKey: string | null; webhookSecret: string | null; apiBase: string | null }
  /** Outbound webhooks (Builder and up): private targets (never in production), attempts, time-out. */
  webhooks: { allowPrivateTargets: boolean; maxAttempts: number; timeoutMs: number }
  /** Optional OpenAI-compatible model that phrases grounded query answers; null: no model. */
  queryLlm: { url: string; model: string; apiKey: string | null } | null
  genetics: {
    maxUploadBytes: number
    uploadTtlSeconds: number
    /** Open upload sessions per user, and their total declared bytes. */
    maxOpenUploads: number
    maxOpenUploadBytes: number
  }
  queue: { databaseUrl: string | null; schema: string; concurrency: number; workerTimeoutSeconds: number }
  s3: S3Settings | null
  /** Bearer token of GET /metrics; null: metrics are not served. */
  metricsToken: string | null
  rateLimits: {
    enabled: boolean
    perKey: RateLimitRules
    perIp: RateLimitRules
    store: { kind: 'memory' } | { kind: 'redis'; url: string } | { kind: 'postgres'; url: string }
    /** Heavy requests one workspace may run at once. */
    heavyPerWorkspace: number
  }
  /** Pay-per-request settings; null when x402 is off (see modules/payments/settings.ts). */
  x402: X402Settings | null
}

export interface WearableEndpoints {
  authorizationUrl: string
  tokenUrl: string
  apiBaseUrl: string
}

export interface S3Settings {
  bucket: string
  endpoint: string | null
  region: string | null
  accessKeyId: string | null
  secretAccessKey: string | null
  /**
   * Preferred multipart part size (bytes); default 16 MiB, raised as needed to fit 10,000 parts. Not an
   * environment variable: only tests against servers without S3's 5 MiB minimum set it lower.
   */
  partSizeBytes?: number
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

function read(env: Env, variable: ConfigVariable): string | undefined {
  const raw = env[variable.name]
  if (raw === undefined || raw.trim() === '') return undefined
  const value = raw.trim()
  if (variable.minLength && value.length < variable.minLength)
    throw new ConfigError(
      `${variable.name} is too short to be real (at least ${variable.minLength} characters); set the real value or leave it unset.`,
    )
  switch (variable.kind) {
    case 'integer':
      if (!/^\d+$/.test(value))
        throw new ConfigError(`${variable.name} must be a whole number, got "${value}".`)
      return value
    case 'boolean':
      if (!['true', 'false', '1', '0'].includes(value.toLowerCase()))
        throw new ConfigError(`${variable.name} must be true or false, got "${value}".`)
      return value.toLowerCase()
    case 'url': {
      if (!URL.canParse(value)) throw new ConfigError(`${variable.name} must be a URL.`)
      const scheme = new URL(value).protocol.slice(0, -1)
      if (variable.schemes && !variable.schemes.includes(scheme))
        throw new ConfigError(
          `${variable.name} must be a ${variable.schemes.map((x) => `${x}:`).join(', ')} URL, got a ${scheme}: URL.`,
        )
      return value
    }
    case 'enum':
      if (!variable.values!.includes(value))
        throw new ConfigError(
          `${variable.name} must be one of ${variable.values!.join(', ')}, got "${value}".`,
        )
      return value
    default:
      return value
  }
}

const VARIABLES = new Map(CONFIG_VARIABLES.map((v) => [v.name, v]))
const get = (env: Env, name: string) => read(env, VARIABLES.get(name)!)
const bool = (v: string | undefined, fallback: boolean) =>
  v === undefined ? fallback : v === 'true' || v === '1'

function oauthClient(env: Env, prefix: string): OAuthClient | null {
  const clientId = get(env, `${prefix}_CLIENT_ID`)
  const clientSecret = get(env, `${prefix}_CLIENT_SECRET`)
  if (!clientId && !clientSecret) return null
  if (!clientId || !clientSecret)
    throw new ConfigError(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together.`)
  return { clientId, clientSecret }
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

/** HOST: an IPv4 or IPv6 address this machine can bind, or localhost. */
function bindHost(env: Env): string {
  const host = get(env, 'HOST') ?? '127.0.0.1'
  const ipv6 = host.includes(':') && URL.canParse(`http://[${host.replace(/^\[|\]$/g, '')}]/`)
  // Only addresses (and localhost): a name would be resolved at bind time and fail there, after the checks.
  if (!IPV4.test(host) && !ipv6 && host.toLowerCase() !== 'localhost')
    throw new ConfigError(
      `HOST must be an IP address to listen on (127.0.0.1 for this machine only, 0.0.0.0 or :: for the network) or localhost, got "${host}".`,
    )
  return host.replace(/^\[|\]$/g, '')
}

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

function allowedOrigins(env: Env): string[] {
  return listOf(get(env, 'ALLOWED_ORIGINS')).map((origin) => {
    const parsed = URL.canParse(origin) ? new URL(origin) : null
    if (
      !parsed ||
      !['http:', 'https:'].includes(parsed.protocol) ||
      parsed.origin !== origin.replace(/\/+$/, '')
    )
      throw new ConfigError(
        `ALLOWED_ORIGINS must list origins such as https://app.example.com (scheme, host, optional port), got "${origin}".`,
      )
    return parsed.origin
  })
}

function trustProxy(env: Env): TrustedProxies | null {
  try {
    return parseTrustProxy(get(env, 'TRUST_PROXY'))
  } catch (error) {
    if (error instanceof TrustProxyError) throw new ConfigError(`TRUST_PROXY: ${error.message}`)
    throw error
  }
}

function queueSchema(env: Env): string {
  const schema = get(env, 'QUEUE_SCHEMA') ?? 'graphile_worker'
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(schema))
    throw new ConfigError('QUEUE_SCHEMA must be a plain PostgreSQL identifier.')
  return schema
}

/** TOKEN_ENCRYPTION_KEY: comma-separated base64 keys, each exactly 32 bytes (AES-256). */
function tokenEncryptionKeys(env: Env): Uint8Array[] {
  return listOf(get(env, 'TOKEN_ENCRYPTION_KEY')).map((encoded, i) => {
    const bytes = /^[A-Za-z0-9+/_-]+=*$/.test(encoded) ? Buffer.from(encoded, 'base64') : Buffer.alloc(0)
    if (bytes.length !== 32)
      throw new ConfigError(
        `TOKEN_ENCRYPTION_KEY key ${i + 1} must be base64 of exactly 32 bytes (openssl rand -base64 32).`,
      )
    return new Uint8Array(bytes)
  })
}

function s3Settings(env: Env): S3Settings | null {
  const bucket = get(env, 'S3_BUCKET')
  if (!bucket) return null
  const accessKeyId = get(env, 'S3_ACCESS_KEY_ID') ?? null
  const secretAccessKey = get(env, 'S3_SECRET_ACCESS_KEY') ?? null
  // The service signs multipart upload requests itself, so it needs the key pair, not just the bucket.
  if (!accessKeyId || !secretAccessKey)
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set with S3_BUCKET.')
  return {
    bucket,
    endpoint: get(env, 'S3_ENDPOINT') ?? null,
    region: get(env, 'S3_REGION') ?? null,
    accessKeyId,
    secretAccessKey,
  }
}

/** A whole number of at least 1 (a cap of 0 would refuse everything), or the default. */
function positive(env: Env, name: string, fallback: number): number {
  const value = Number(get(env, name) ?? fallback)
  if (value < 1) throw new ConfigError(`${name} must be at least 1.`)
  return value
}

function webhookSettings(env: Env, nodeEnv: NodeEnv): Config['webhooks'] {
  const allowPrivateTargets = bool(get(env, 'WEBHOOKS_ALLOW_PRIVATE_TARGETS'), false)
  if (allowPrivateTargets && nodeEnv === 'production')
    throw new ConfigError(
      'WEBHOOKS_ALLOW_PRIVATE_TARGETS=true is refused with NODE_ENV=production: webhooks must not reach into the service’s own network.',
    )
  return {
    allowPrivateTargets,
    maxAttempts: positive(env, 'WEBHOOKS_MAX_ATTEMPTS', 8),
    timeoutMs: positive(env, 'WEBHOOKS_TIMEOUT_SECONDS', 10) * 1000,
  }
}

/** Parse the environment into a frozen Config, or throw a ConfigError naming the variable. */
export function loadConfig(env: Env = process.env): Readonly<Config> {
  const port = Number(get(env, 'PORT') ?? 3000)
  if (port < 1 || port > 65535) throw new ConfigError('PORT must be between 1 and 65535.')
  const dataDir = resolve(get(env, 'DATA_DIR') ?? './data')
  const nodeEnv = (get(env, 'NODE_ENV') ?? 'development') as NodeEnv
  const smtpUrl = get(env, 'SMTP_URL') ?? null
  if (nodeEnv === 'production' && !smtpUrl)
    throw new ConfigError(
      'SMTP_URL is required when NODE_ENV=production (the compiled binary runs as production unless told otherwise): set SMTP_URL and PUBLIC_BASE_URL, or NODE_ENV=development to try it on this machine with the development outbox.',
    )
  const publicBaseUrl = get(env, 'PUBLIC_BASE_URL')
  if (nodeEnv === 'production' && !publicBaseUrl)
    throw new ConfigError(
      'PUBLIC_BASE_URL is required when NODE_ENV=production: the public address (e.g. https://health.example.com) that sign-in and dashboard links point to.',
    )
  if (publicBaseUrl && /[?#]/.test(publicBaseUrl))
    throw new ConfigError('PUBLIC_BASE_URL must be a plain base URL, without a query or fragment.')
  const issuer = get(env, 'OIDC_ISSUER')
  const audience = get(env, 'OIDC_AUDIENCE')
  if (issuer && !audience) throw new ConfigError('OIDC_AUDIENCE is required when OIDC_ISSUER is set.')
  if (get(env, 'DATABASE_DRIVER') === 'bun-sqlite' && get(env, 'DATABASE_URL')?.startsWith('file:') === false)
    throw new ConfigError(
      'DATABASE_DRIVER=bun-sqlite needs a file: DATABASE_URL; a libsql server runs on libsql.',
    )
  const maxBodyBytes = Number(get(env, 'MAX_BODY_BYTES') ?? 1048576)
  if (maxBodyBytes < 1024) throw new ConfigError('MAX_BODY_BYTES must be at least 1024.')
  const importMaxBytes = Number(get(env, 'IMPORT_MAX_BYTES') ?? 10485760)
  if (importMaxBytes < 1024) throw new ConfigError('IMPORT_MAX_BYTES must be at least 1024.')
  return Object.freeze({
    port,
    host: bindHost(env),
    allowedHosts: listOf(get(env, 'ALLOWED_HOSTS')).map((h) => h.toLowerCase()),
    allowedOrigins: allowedOrigins(env),
    dataDir,
    databaseUrl: get(env, 'DATABASE_URL') ?? `file:${join(dataDir, 'wellness.db')}`,
    databaseAuthToken: get(env, 'DATABASE_AUTH_TOKEN') ?? null,
    databaseDriver: (get(env, 'DATABASE_DRIVER') ?? 'auto') as Config['databaseDriver'],
    publicBaseUrl: (publicBaseUrl ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    nodeEnv,
    logLevel: (get(env, 'LOG_LEVEL') ?? 'info') as Config['logLevel'],
    smtpUrl,
    smtpTimeoutSeconds: positive(env, 'SMTP_TIMEOUT_SECONDS', 10),
    mailFrom: get(env, 'MAIL_FROM') ?? 'Wellness Data Service <no-reply@localhost>',
    oidc: issuer
      ? {
          issuer: issuer.replace(/\/+$/, ''),
          audience: audience!,
          jwksUrl: get(env, 'OIDC_JWKS_URL') ?? null,
        }
      : null,
    trustProxy: trustProxy(env),
    shutdownDrainSeconds: Number(get(env, 'SHUTDOWN_DRAIN_SECONDS') ?? 30),
    maxBodyBytes,
    importMaxBytes,
    importParseWorkers: positive(env, 'IMPORT_PARSE_WORKERS', 1),
    observations: {
      maxPerSource: positive(env, 'OBSERVATIONS_MAX_PER_SOURCE', 100000),
      maxPerUser: positive(env, 'OBSERVATIONS_MAX_PER_USER', 1000000),
    },
    exportInlineMaxBytes: Number(get(env, 'EXPORT_INLINE_MAX_BYTES') ?? 52428800),
    exportUrlTtlSeconds: Number(get(env, 'EXPORT_URL_TTL_SECONDS') ?? 900),
    wearables: { whoop: oauthClient(env, 'WHOOP'), oura: oauthClient(env, 'OURA') },
    ouraWebhookVerificationToken: get(env, 'OURA_WEBHOOK_VERIFICATION_TOKEN') ?? null,
    tokenEncryptionKeys: tokenEncryptionKeys(env),
    dbsnpReferencePath: get(env, 'DBSNP_REFERENCE_PATH') ?? null,
    billingEnabled: bool(get(env, 'BILLING_ENABLED'), false),
    stripe: {
      secretKey: get(env, 'STRIPE_SECRET_KEY') ?? null,
      webhookSecret: get(env, 'STRIPE_WEBHOOK_SECRET') ?? null,
      apiBase: get(env, 'STRIPE_API_BASE') ?? null,
    },
    webhooks: webhookSettings(env, nodeEnv),
    queryLlm: get(env, 'QUERY_LLM_URL')
      ? {
          url: (get(env, 'QUERY_LLM_URL') as string).replace(/\/+$/, ''),
          model: get(env, 'QUERY_LLM_MODEL') ?? 'gpt-4o-mini',
          apiKey: get(env, 'QUERY_LLM_API_KEY') ?? null,
        }
      : null,
    genetics: {
      maxUploadBytes: Number(get(env, 'GENETICS_MAX_UPLOAD_BYTES') ?? 5368709120),
      uploadTtlSeconds: Number(get(env, 'GENETICS_UPLOAD_TTL_SECONDS') ?? 86400),
      maxOpenUploads: positive(env, 'GENETICS_MAX_OPEN_UPLOADS', 5),
      maxOpenUploadBytes: positive(env, 'GENETICS_MAX_OPEN_UPLOAD_BYTES', 10737418240),
    },
    queue: {
      databaseUrl: get(env, 'QUEUE_DATABASE_URL') ?? null,
      schema: queueSchema(env),
      concurrency: Math.max(1, Number(get(env, 'QUEUE_CONCURRENCY') ?? 1)),
      workerTimeoutSeconds: Math.max(1, Number(get(env, 'QUEUE_WORKER_TIMEOUT_SECONDS') ?? 60)),
    },
    s3: s3Settings(env),
    metricsToken: get(env, 'METRICS_TOKEN') ?? null,
    rateLimits: rateLimits(env),
    x402: x402Settings(bool(get(env, 'BILLING_ENABLED'), false), (name) => get(env, name)),
  })
}

function rateLimits(env: Env): Config['rateLimits'] {
  const rules = (name: string, fallback: string) => {
    try {
      return parseRateLimits(get(env, name) ?? '', parseRateLimits(fallback))
    } catch (error) {
      throw new ConfigError(`${name}: ${(error as Error).message}`)
    }
  }
  const redis = get(env, 'REDIS_URL')
  const kind = get(env, 'RATE_LIMIT_STORE') ?? (redis ? 'redis' : 'memory')
  let store: Config['rateLimits']['store'] = { kind: 'memory' }
  if (kind === 'redis') {
    if (!redis) throw new ConfigError('RATE_LIMIT_STORE=redis needs REDIS_URL.')
    store = { kind: 'redis', url: redis }
  } else if (kind === 'postgres') {
    const url = get(env, 'RATE_LIMIT_DATABASE_URL') ?? get(env, 'QUEUE_DATABASE_URL')
    if (!url)
      throw new ConfigError('RATE_LIMIT_STORE=postgres needs RATE_LIMIT_DATABASE_URL or QUEUE_DATABASE_URL.')
    store = { kind: 'postgres', url }
  }
  return {
    enabled: bool(get(env, 'RATE_LIMITS_ENABLED'), true),
    perKey: rules('RATE_LIMITS', DEFAULT_KEY_LIMITS),
    perIp: rules('RATE_LIMITS_PER_IP', DEFAULT_IP_LIMITS),
    store,
    heavyPerWorkspace: positive(env, 'HEAVY_WORK_PER_WORKSPACE', 4),
  }
}

/** A configuration for tests: development defaults, silent logs, then the given overrides. */
export function testConfig(overrides: Partial<Config> = {}): Readonly<Config> {
  return Object.freeze({
    // DATABASE_DRIVER passes through, so the suite runs on either client (`DATABASE_DRIVER=libsql bun test`).
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_DRIVER: process.env.DATABASE_DRIVER }),
    // In-process tests have no socket: one trusted hop makes the harness's X-Forwarded-For the client.
    trustProxy: { hops: 1 },
    // Tests make many requests with one key in a second; the limit tests set their own small rules.
    rateLimits: {
      enabled: true,
      perKey: parseRateLimits(
        'sign_in=100000/60,reads=100000/60,writes=100000/60,imports=100000/60,mcp=100000/60',
      ),
      perIp: parseRateLimits(
        'sign_in=100000/60,reads=100000/60,writes=100000/60,imports=100000/60,mcp=100000/60',
      ),
      store: { kind: 'memory' as const },
      heavyPerWorkspace: 1000,
    },
    ...overrides,
  })
}
