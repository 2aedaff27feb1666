// The providers module: provider discovery, built from its operation declaration.
import { defineModule } from '../shared/module'
import { providersOperations } from './operations'

export const providersModule = defineModule('providers', providersOperations)
