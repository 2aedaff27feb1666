// Prometheus metrics of one app (prom-client, the maintained Prometheus client for Node): requests and
// their latency by method, route template and status; job runs and durations by task; queue depth;
// sizes of imported files. Labels are route templates and task names only, never ids or values, so
// the series stay few and say nothing about anyone. Served at GET /metrics behind METRICS_TOKEN.

import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

export interface QueueDepth {
  queued: number
  running: number
}

export class Metrics {
  readonly registry = new Registry()
  readonly requests = new Counter({
    name: 'wds_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  })
  readonly requestSeconds = new Histogram({
    name: 'wds_http_request_duration_seconds',
    help: 'Time from request to response, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  })
  readonly jobSeconds = new Histogram({
    name: 'wds_job_duration_seconds',
    help: 'Job runs in this process, by task and outcome (succeeded, failed: will be retried).',
    labelNames: ['task', 'outcome'] as const,
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    registers: [this.registry],
  })
  readonly importBytes = new Histogram({
    name: 'wds_import_bytes',
    help: 'Sizes of files read by POST /imports/file, by modality.',
    labelNames: ['modality'] as const,
    buckets: [1e3, 1e4, 1e5, 1e6, 5e6, 1e7, 5e7, 1e8],
    registers: [this.registry],
  })

  constructor(queueDepth: () => Promise<QueueDepth | null>) {
    new Gauge({
      name: 'wds_queue_jobs',
      help: 'Jobs in the queue now, by state (queued: waiting; running: taken by a worker).',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        const depth = await queueDepth().catch(() => null)
        if (!depth) return
        this.set({ state: 'queued' }, depth.queued)
        this.set({ state: 'running' }, depth.running)
      },
    })
  }

  private processMetrics = false

  /**
   * The Prometheus text exposition. The process metrics (CPU, memory, heap, event-loop lag, GC) are
   * registered with the first scrape rather than at start: registering them reads the heap statistics
   * and starts the event-loop monitor, a few milliseconds of every start-up for a series that is only
   * ever read by a scrape. Counters such as CPU seconds are totals since the process began either way.
   */
  exposition(): Promise<string> {
    if (!this.processMetrics) {
      collectDefaultMetrics({ register: this.registry, prefix: 'wds_' })
      this.processMetrics = true
    }
    return this.registry.metrics()
  }

  /** Wrap task functions so that each run is timed. */
  timeTasks<T extends Record<string, (...args: any[]) => Promise<void>>>(tasks: T): T {
    const timed: Record<string, (...args: any[]) => Promise<void>> = {}
    for (const [name, task] of Object.entries(tasks)) {
      timed[name] = async (...args) => {
        const end = this.jobSeconds.startTimer({ task: name })
        try {
          await task(...args)
          end({ outcome: 'succeeded' })
        } catch (error) {
          end({ outcome: 'failed' })
          throw error
        }
      }
    }
    return timed as T
  }
}
