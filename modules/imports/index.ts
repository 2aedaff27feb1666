// The imports module: its routes, built from its operation declarations.
import { defineModule } from '../shared/module'
import { importsOperations } from './operations'

export const importsModule = defineModule('imports', importsOperations)
