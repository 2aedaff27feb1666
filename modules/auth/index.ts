// The auth module's Elysia plugin: its routes, built from its operation declarations.
import type { AppContext } from '../shared/context'
import { operationsPlugin } from '../shared/operations-plugin'
import { authOperations } from './operations'

export const authModule = (app: AppContext) => operationsPlugin('auth', authOperations, app)
