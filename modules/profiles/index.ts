// The profiles module: its routes, built from its operation declarations.
import { defineModule } from '../shared/module'
import { profilesOperations } from './operations'

export const profilesModule = defineModule('profiles', profilesOperations)
