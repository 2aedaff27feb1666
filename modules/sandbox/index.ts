// The sandbox module: its routes, built from its operation declarations.
import { defineModule } from '../shared/module'
import { sandboxOperations } from './operations'

export const sandboxModule = defineModule('sandbox', sandboxOperations)
