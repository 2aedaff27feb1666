// Load generator for bench/http.ts when wrk is not installed, run as its own process so it does not share a thread with the server:
// keeps `concurrency` requests in flight against one URL for `seconds`, then prints JSON figures.

export {}

const [url, seconds = '3', concurrency = '32', token = '', spec = '{}'] = process.argv.slice(2)
const request = JSON.parse(spec) as { method?: string; body?: string; headers?: Record<string, string> }
const headers: Record<string, string> = {
  ...request.headers,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
}
const latencies: number[] = []
let errors = 0
const deadline = performance.now() + Number(seconds) * 1000

async function worker() {
  while (performance.now() < deadline) {
    const started = performance.now()
    try {
      const response = await fetch(url, { method: request.method ?? 'GET', headers, body: request.body })
      await response.arrayBuffer()
      if (response.status >= 400) errors++
    } catch {
      errors++
    }
    latencies.push(performance.now() - started)
  }
}

const began = performance.now()
await Promise.all(Array.from({ length: Number(concurrency) }, worker))
const elapsed = (performance.now() - began) / 1000
latencies.sort((a, b) => a - b)
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
console.log(
  JSON.stringify({
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
  }),
)
