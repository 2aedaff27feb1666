// SIGTERM on the real process with connections open: a request on a kept-alive connection and one on a
// new connection both get 503 with `Connection: close` during the drain, a request that never finishes
// does not hold the process past SHUTDOWN_DRAIN_SECONDS, and the process exits cleanly.

import { afterAll, describe, expect, it } from 'bun:test'
import { connect, type Socket } from 'node:net'
import { startServer } from '../support/server'

/** A raw HTTP/1.1 connection that collects what the server sends and notes when it closes. */
async function openConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1')
  await new Promise<void>((ready, fail) => socket.once('connect', ready).once('error', fail))
  let received = ''
  let closed = false
  socket.on('data', (chunk) => {
    received += chunk.toString('utf8')
  })
  socket.on('close', () => {
    closed = true
  })
  socket.on('error', () => {})
  return {
    socket,
    send: (text: string) => socket.write(text),
    received: () => received,
    closed: () => closed,
    /** Wait for `test` to hold, polling; gives up after `ms` (a guard, not a timing assertion). */
    async until(test: () => boolean, ms = 15_000) {
      const end = Date.now() + ms
      while (!test() && Date.now() < end) await Bun.sleep(20)
      return test()
    },
  }
}

const GET_HEALTH = 'GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n'

let server: Awaited<ReturnType<typeof startServer>>
afterAll(() => server?.stop())

describe('shutdown drain (real process)', () => {
  it('answers 503 + Connection: close during the drain and exits by the deadline', async () => {
    server = await startServer(['bun', 'run', 'modules/server.ts'], {
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_SECONDS: '2',
    })
    // A kept-alive connection that has already been answered once.
    const kept = await openConnection(server.port)
    kept.send(GET_HEALTH)
    expect(await kept.until(() => kept.received().includes('"status":"ok"'))).toBe(true)
    expect(kept.received()).toStartWith('HTTP/1.1 200')

    // A request that never finishes: its body stops half-way.
    const hung = await openConnection(server.port)
    hung.send(
      'POST /auth/otp/start HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    )
    await Bun.sleep(200)

    server.child.kill('SIGTERM')
    // Wait until a fresh connection sees the drain.
    let fresh = 0
    for (let i = 0; i < 100 && fresh !== 503; i++) {
      fresh = await fetch(`${server.base}/health`)
        .then((r) => r.status)
        .catch(() => 0)
      if (fresh !== 503) await Bun.sleep(20)
    }
    expect(fresh).toBe(503)

    const before = kept.received().length
    kept.send(GET_HEALTH)
    expect(
      await kept.until(() => kept.received().length > before && kept.received().includes('}', before)),
    ).toBe(true)
    const answer = kept.received().slice(before)
    expect(answer).toStartWith('HTTP/1.1 503')
    expect(answer.toLowerCase()).toContain('connection: close')
    expect(answer).toContain('application/problem+json')
    expect(answer).toContain('The service is shutting down')
    // The server ends the kept-alive connection after that answer.
    expect(await kept.until(() => kept.closed())).toBe(true)

    expect(await server.child.exited).toBe(0)
    const stdout = await new Response(server.child.stdout as ReadableStream).text()
    const events = stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
    expect(events.find((e) => e.event === 'server.stopping')).toMatchObject({ drain_seconds: 2 })
    expect(events.find((e) => e.event === 'server.drain_deadline_passed')).toMatchObject({
      unfinished_requests: 1,
    })
    expect(events.map((e) => e.event)).toContain('server.stopped')
    hung.socket.destroy()
  })
})
