// The MCP module: POST /mcp serves every registry operation that declares an `mcp` slot as a tool.
import { defineModule } from '../shared/module'
import { mcpOperations } from './operations'

export const mcpModule = defineModule('mcp', mcpOperations)
