// The discovery module's Elysia plugin.
import type { AppContext } from '../shared/context'
import { operationsPlugin } from '../shared/operations-plugin'
import { discoveryOperations } from './operations'

export const discoveryModule = (app: AppContext) => operationsPlugin('discovery', discoveryOperations, app)
