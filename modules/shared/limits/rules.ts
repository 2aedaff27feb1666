// Rate-limit rules by route class, as written in RATE_LIMITS / RATE_LIMITS_PER_IP:
// `class=requests/seconds`, comma-separated, e.g. `reads=1200/60,imports=30/60`.

/** The route classes a request is counted under (see route-class.ts for which operation is which). */
export const ROUTE_CLASSES = ['sign_in', 'reads', 'writes', 'imports', 'mcp'] as const
export type RouteClass = (typeof ROUTE_CLASSES)[number]

export interface RateRule {
  /** Requests allowed per window. */
  points: number
  /** Window length in seconds. */
  seconds: number
}

export type RateLimitRules = Readonly<Record<RouteClass, RateRule>>

/**
 * Per credential: generous for a person or an agent working normally, tight where a loop hurts (sign-in
 * mail, file parsing).
 */
export const DEFAULT_KEY_LIMITS = 'sign_in=20/60,reads=1200/60,writes=300/60,imports=60/60,mcp=600/60'
/** Per client address: twice the credential's, since several people may share one address (NAT). */
export const DEFAULT_IP_LIMITS = 'sign_in=30/60,reads=2400/60,writes=600/60,imports=120/60,mcp=1200/60'

const RULE = /^([a-z_]+)=(\d+)\/(\d+)$/

/** Parse a rule list; classes it leaves out keep `base`'s rule. Throws with a readable message. */
export function parseRateLimits(text: string, base?: RateLimitRules): RateLimitRules {
  const rules: Partial<Record<RouteClass, RateRule>> = { ...base }
  for (const item of text.split(',').map((part) => part.trim())) {
    if (!item) continue
    const match = RULE.exec(item)
    if (!match) throw new Error(`"${item}" is not of the form class=requests/seconds (e.g. reads=1200/60).`)
    const [, name, points, seconds] = match
    if (!(ROUTE_CLASSES as readonly string[]).includes(name))
      throw new Error(`unknown route class "${name}"; the classes are ${ROUTE_CLASSES.join(', ')}.`)
    if (Number(points) < 1 || Number(seconds) < 1)
      throw new Error(`"${item}": requests and seconds must both be at least 1.`)
    rules[name as RouteClass] = { points: Number(points), seconds: Number(seconds) }
  }
  const missing = ROUTE_CLASSES.filter((c) => !rules[c])
  if (missing.length > 0) throw new Error(`no rule for ${missing.join(', ')}.`)
  return Object.freeze(rules as Record<RouteClass, RateRule>)
}
