// The sources module: its routes, built from its operation declarations.
import { defineModule } from '../shared/module'
import { sourcesOperations } from './operations'

export const sourcesModule = defineModule('sources', sourcesOperations)
