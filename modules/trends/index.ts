// The trends module: its routes, built from its operation declarations.
import { defineModule } from '../shared/module'
import { trendsOperations } from './operations'

export const trendsModule = defineModule('trends', trendsOperations)
