// The goals module: its routes, built from its operation declarations.
import { defineModule } from '../shared/module'
import { goalsOperations } from './operations'

export const goalsModule = defineModule('goals', goalsOperations)
