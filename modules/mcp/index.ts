// The MCP module: POST /mcp serves every registry operation that declares an `mcp` slot as a tool.
// The tool catalogue is built with the first MCP request (about 10 ms that start-up no longer pays); a
// declaration no tool can serve is caught before release by test/modules/mcp/tool-annotations.test.ts,
// which builds the catalogue of every operation.

import type { DomainModule } from '../shared/module'
import { operationsPlugin } from '../shared/operations-plugin'
import { mcpOperations } from './operations'

export const mcpModule: DomainModule = {
  name: 'mcp',
  operations: mcpOperations,
  plugin: (app) => operationsPlugin('mcp', mcpOperations, app),
}
