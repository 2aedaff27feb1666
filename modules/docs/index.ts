// The API reference module: its routes, built from its operation declarations.
import { defineModule } from '../shared/module'
import { docsOperations } from './operations'

export const docsModule = defineModule('docs', docsOperations)
