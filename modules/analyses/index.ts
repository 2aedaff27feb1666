// The analyses module: its routes, built from its operation declarations.
import { defineModule } from '../shared/module'
import { analysesOperations } from './operations'

export const analysesModule = defineModule('analyses', analysesOperations)
