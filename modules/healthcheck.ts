// `wellness-data-service healthcheck`: exit 0 when the service on this machine answers GET /health, else 1.
// Used by the Dockerfile's HEALTHCHECK, where no curl is installed. It calls over loopback, which the
// Host check accepts from a loopback peer in production too.

import { loadConfig } from './shared/config'

export async function runHealthcheck(): Promise<number> {
  try {
    const config = loadConfig()
    const host = ['0.0.0.0', '::', '127.0.0.1'].includes(config.host) ? '127.0.0.1' : config.host
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/health`
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
    return response.ok ? 0 : 1
  } catch {
    return 1
  }
}

if (import.meta.main) process.exit(await runHealthcheck())
