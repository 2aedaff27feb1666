// The auth module: its routes, built from its operation declarations.
import { defineModule } from '../shared/module'
import { authOperations } from './operations'

export const authModule = defineModule('auth', authOperations)
