// The analyses module: its routes, built from its operation declarations, and the health context the
// MCP server offers as a resource.
import { defineModule } from '../shared/module'
import { analysesOperations } from './operations'

export { buildHealthContext, type HealthContextOptions } from './health-context'
export const analysesModule = defineModule('analyses', analysesOperations)
