// Draining on shutdown: once a stop is asked for, every new request, on a new connection or on a kept-
// alive one, is answered 503 with `Connection: close` (so clients and load balancers go elsewhere and the
// connection ends), while the requests already running get until the drain deadline to finish.

import { Elysia } from 'elysia'
import type { AppContext } from './context'
import { ProblemError } from './problem'
import { problemResponse } from './problem-plugin'

/** Whether this process is draining; set once, never unset (a drained process exits). */
export class Drain {
  private started = false

  get draining(): boolean {
    return this.started
  }

  begin(): void {
    this.started = true
  }
}

export function drainPlugin(app: AppContext, drain: Drain) {
  return new Elysia({ name: 'shared.drain', seed: app.instanceId }).onRequest(({ request }) => {
    if (!drain.draining) return
    return problemResponse(
      new ProblemError('unavailable', 'The service is shutting down; retry the request shortly.', {
        headers: { 'retry-after': '5', connection: 'close' },
      }),
      request,
      app,
    )
  })
}

/** Bun's server, as far as draining needs it. */
export interface DrainableServer {
  readonly pendingRequests: number
  stop(closeActiveConnections?: boolean): Promise<void> | void
}

/**
 * Stop the HTTP side: start answering 503, wait until the running requests are done or the deadline
 * passes, then close every connection. Returns how many requests were still running at the deadline.
 */
export async function drainServer(
  server: DrainableServer,
  drain: Drain,
  deadlineAt: number,
  pollMs = 50,
): Promise<number> {
  drain.begin()
  while (server.pendingRequests > 0 && Date.now() < deadlineAt) await Bun.sleep(pollMs)
  const unfinished = server.pendingRequests
  await server.stop(true)
  return unfinished
}
