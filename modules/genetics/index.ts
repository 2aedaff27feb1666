// The genetics module: its routes, built from its operation declarations.
import { defineModule } from '../shared/module'
import { geneticsOperations } from './operations'

export const geneticsModule = defineModule('genetics', geneticsOperations)
