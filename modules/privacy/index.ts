// The privacy module: export and deletion of everything held about a user, built from its declarations.
import { defineModule } from '../shared/module'
import { privacyOperations } from './operations'

export const privacyModule = defineModule('privacy', privacyOperations)
