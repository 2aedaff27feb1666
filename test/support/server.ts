// Starts the real service as a child process on a free port with its own data directory, for tests
// that must go over a socket (the README walk-through, the compiled binary).

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const repoRoot = join(import.meta.dir, '..', '..')

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port as number
  probe.stop(true)
  return port
}

export async function startServer(command: string[], env: Record<string, string> = {}, cwd = repoRoot) {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'wds-server-'))
  const child = Bun.spawn(command, {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...env,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const base = `http://localhost:${port}`
  const deadline = Date.now() + 20_000
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) break
    } catch {}
    if (child.exitCode !== null || Date.now() > deadline) {
      const err = await new Response(child.stderr).text()
      throw new Error(`server did not start (exit ${child.exitCode}): ${err.slice(0, 2000)}`)
    }
    await Bun.sleep(100)
  }
  // A server that dies in the middle of a test would otherwise take its last words with it: print them
  // (not for a clean exit, or for SIGTERM or SIGKILL, which a test sends on purpose).
  let stopping = false
  void child.exited.then(async (code) => {
    if (stopping || code === 0 || child.signalCode === 'SIGKILL' || child.signalCode === 'SIGTERM') return
    const err = await new Response(child.stderr).text().catch(() => '')
    console.error(
      `server on port ${port} exited (${code}, signal ${child.signalCode ?? 'none'}): ${err.slice(-2000)}`,
    )
  })
  return {
    base,
    port,
    dataDir,
    child,
    async stop() {
      stopping = true
      child.kill()
      await child.exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
