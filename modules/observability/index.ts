// The observability module: GET /metrics. The access lines, trace context and the metrics themselves
// live in modules/shared (observability-plugin.ts, trace-context.ts, metrics.ts), since every module's
// requests pass through them.
import { defineModule } from '../shared/module'
import { observabilityOperations } from './operations'

export const observabilityModule = defineModule('observability', observabilityOperations)
