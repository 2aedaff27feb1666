// The discovery module: its routes, built from its operation declarations.
import { defineModule } from '../shared/module'
import { discoveryOperations } from './operations'

export const discoveryModule = defineModule('discovery', discoveryOperations)
