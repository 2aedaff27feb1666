// The wearables module: its routes, built from its operation declarations.
import { defineModule } from '../shared/module'
import { wearablesOperations } from './operations'

export const wearablesModule = defineModule('wearables', wearablesOperations)
