// A domain module as the app composes it: a name, its declared operations, and the Elysia plugin built
// from them. Each module's index.ts exports one of these.

import type { AnyElysia } from 'elysia'
import type { AppContext } from './context'
import type { AnyOperation } from './operation'
import { operationsPlugin } from './operations-plugin'

export interface DomainModule {
  name: string
  operations: readonly AnyOperation[]
  /** The module's routes: its operations, or (the console) pages that are not API operations. */
  plugin(app: AppContext): AnyElysia
}

export function defineModule(name: string, operations: readonly AnyOperation[]): DomainModule {
  return { name, operations, plugin: (app) => operationsPlugin(name, operations, app) }
}
