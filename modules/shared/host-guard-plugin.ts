// The Host/Origin guard, mounted right after the problem plugin: every route, MCP included, answers a
// request addressed to a foreign Host or sent by a page of a foreign Origin with a 403 problem before
// any module sees it (the MCP transport makes Origin validation a MUST against DNS rebinding).

import { Elysia } from 'elysia'
import type { AppContext } from './context'
import { hostNameOf, isLoopbackPeer, recordSocketPeer } from './loopback'
import { originPolicy } from './origin-policy'
import { ProblemError } from './problem'
import { problemResponse } from './problem-plugin'

/**
 * Our own pages send no referrer, so a browser posts their forms with `Origin: null`; it marks them
 * `Sec-Fetch-Site: same-origin`, a header no page can set. DNS rebinding is still refused by the Host
 * check above (a rebound page names its own host), and the console's CSRF token is checked as well.
 */
function opaqueSameOrigin(request: Request, origin: string): boolean {
  return origin === 'null' && request.headers.get('sec-fetch-site') === 'same-origin'
}

/** `inProcessIsLocal`: requests handed to `app.handle` without a server count as this machine (tests). */
export function hostGuardPlugin(app: AppContext, inProcessIsLocal = false) {
  const policy = originPolicy(app.config)
  return new Elysia({ name: 'shared.host-guard', seed: app.instanceId }).onRequest(({ request, server }) => {
    recordSocketPeer(request, server, inProcessIsLocal)
    const host = request.headers.get('host') ?? new URL(request.url).host
    if (!policy.hostAllowed(hostNameOf(host), isLoopbackPeer(request)))
      return problemResponse(
        new ProblemError(
          'forbidden',
          'This service does not answer to the host name this request was sent to; the operator can add it to ALLOWED_HOSTS.',
        ),
        request,
        app,
      )
    const origin = request.headers.get('origin')
    if (origin !== null && !opaqueSameOrigin(request, origin) && !policy.originAllowed(origin, host))
      return problemResponse(
        new ProblemError(
          'forbidden',
          'Requests from this web origin are not allowed; the operator can add it to ALLOWED_ORIGINS.',
        ),
        request,
        app,
      )
  })
}
