// The sandbox module's Elysia plugin.
import type { AppContext } from '../shared/context'
import { operationsPlugin } from '../shared/operations-plugin'
import { sandboxOperations } from './operations'

export const sandboxModule = (app: AppContext) => operationsPlugin('sandbox', sandboxOperations, app)
