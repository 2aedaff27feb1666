// The MCP module: POST /mcp serves every registry operation that declares an `mcp` slot as a tool.
// The tool catalogue is compiled when the app is built, so a declaration no tool can serve stops the
// start (as assertRegistry does) instead of failing the first MCP request.

import type { DomainModule } from '../shared/module'
import { operationsPlugin } from '../shared/operations-plugin'
import { mcpOperations } from './operations'
import { toolCatalogOf } from './tool-catalog'

export const mcpModule: DomainModule = {
  name: 'mcp',
  operations: mcpOperations,
  plugin(app) {
    toolCatalogOf(app.operations)
    return operationsPlugin('mcp', mcpOperations, app)
  },
}
