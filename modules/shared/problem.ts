// Problem details (RFC 9457): the one error type services throw, and the catalogue of problem types.
// Services throw ProblemError (or a subclass); the problem plugin and the MCP layer render it.

export interface ProblemType {
  slug: string
  title: string
  status: number
  description: string
}

/** Every problem type this service can answer with; `type` URIs resolve to GET /problems/{slug}. */
export const PROBLEM_TYPES = {
  badRequest: {
    slug: 'bad-request',
    title: 'Bad Request',
    status: 400,
    description: 'The request could not be read, for example a body that is not valid JSON.',
  },
  unauthorized: {
    slug: 'unauthorized',
    title: 'Unauthorized',
    status: 401,
    description: 'A bearer token is missing, malformed, unknown, expired or revoked.',
  },
  paymentRequired: {
    slug: 'payment-required',
    title: 'Payment Required',
    status: 402,
    description: 'This route accepts pay-per-request authorization; see the PAYMENT-REQUIRED header.',
  },
  checkoutRequired: {
    slug: 'checkout-required',
    title: 'Checkout required',
    status: 402,
    description:
      'The workspace has used its introductory allowance of free protected requests (hosted billing); `checkout` says how to start a paid plan. Not an x402 challenge: it has no PAYMENT-REQUIRED header.',
  },
  forbidden: {
    slug: 'forbidden',
    title: 'Forbidden',
    status: 403,
    description: 'The token is valid but does not permit this operation or names another user.',
  },
  planRequired: {
    slug: 'plan-required',
    title: 'Plan does not allow this',
    status: 403,
    description: 'The workspace plan does not include this use; the detail names the rule.',
  },
  notFound: {
    slug: 'not-found',
    title: 'Not Found',
    status: 404,
    description: 'No such route, or no such resource visible to the caller.',
  },
  methodNotAllowed: {
    slug: 'method-not-allowed',
    title: 'Method Not Allowed',
    status: 405,
    description: 'The path exists but not with this method.',
  },
  notAcceptable: {
    slug: 'not-acceptable',
    title: 'Not Acceptable',
    status: 406,
    description: 'The Accept header names no media type this operation can answer in.',
  },
  conflict: {
    slug: 'conflict',
    title: 'Conflict',
    status: 409,
    description: 'The request conflicts with the current state of the resource.',
  },
  gone: {
    slug: 'gone',
    title: 'Gone',
    status: 410,
    description: 'The resource existed but has expired or been revoked.',
  },
  payloadTooLarge: {
    slug: 'payload-too-large',
    title: 'Payload Too Large',
    status: 413,
    description: 'The request body is larger than this operation accepts.',
  },
  unsupportedMediaType: {
    slug: 'unsupported-media-type',
    title: 'Unsupported Media Type',
    status: 415,
    description: 'The body must be sent as application/json.',
  },
  validation: {
    slug: 'validation',
    title: 'Unprocessable Content',
    status: 422,
    description: 'The request was read but some fields are invalid; `errors` lists them.',
  },
  limitExceeded: {
    slug: 'limit-exceeded',
    title: 'Limit Exceeded',
    status: 422,
    description:
      'The request would pass a documented per-user cap (stored observations, open upload sessions, their declared bytes); `limit` names the setting.',
  },
  rateLimited: {
    slug: 'rate-limited',
    title: 'Too Many Requests',
    status: 429,
    description: 'Too many requests; retry after the time in the Retry-After header.',
  },
  quotaExceeded: {
    slug: 'quota-exceeded',
    title: 'Monthly quota used up',
    status: 429,
    description:
      "The workspace has used this month's quota of its plan; `quota`, `limit`, `resets_at` and `upgrade` say which, until when, and how to get more.",
  },
  internal: {
    slug: 'internal',
    title: 'Internal Server Error',
    status: 500,
    description: 'Something unexpected failed; quote the request_id when reporting it.',
  },
  notImplemented: {
    slug: 'not-implemented',
    title: 'Not Implemented',
    status: 501,
    description: 'This deployment does not offer that variant of the operation yet.',
  },
  badGateway: {
    slug: 'bad-gateway',
    title: 'Bad Gateway',
    status: 502,
    description: 'An upstream provider (e.g. a wearable API) answered with an error or unexpectedly.',
  },
  unavailable: {
    slug: 'unavailable',
    title: 'Service Unavailable',
    status: 503,
    description: 'A dependency of the service is not available right now.',
  },
} as const satisfies Record<string, ProblemType>

export type ProblemKey = keyof typeof PROBLEM_TYPES

/** One invalid field: where it was (`body`, `query`, `params`), its JSON pointer, and why. */
export interface FieldError {
  in: string
  path: string
  message: string
}

export class ProblemError extends Error {
  readonly status: number
  readonly title: string
  readonly slug: string
  readonly detail: string
  readonly extra: Record<string, unknown>
  readonly headers: Record<string, string>

  constructor(
    kind: ProblemKey,
    detail: string,
    options: { extra?: Record<string, unknown>; headers?: Record<string, string>; status?: number } = {},
  ) {
    super(detail)
    const type = PROBLEM_TYPES[kind]
    this.name = 'ProblemError'
    this.status = options.status ?? type.status
    this.title = type.title
    this.slug = type.slug
    this.detail = detail
    this.extra = options.extra ?? {}
    this.headers = options.headers ?? {}
  }
}

export const notFound = (what: string) => new ProblemError('notFound', `${what} was not found.`)

/** The problem-details body for an error, with `type` resolved against the service's base URL. */
export function problemBody(error: ProblemError, baseUrl: string, instance: string, requestId: string) {
  return {
    type: `${baseUrl}/problems/${error.slug}`,
    title: error.title,
    status: error.status,
    detail: error.detail,
    instance,
    request_id: requestId,
    ...error.extra,
  }
}
