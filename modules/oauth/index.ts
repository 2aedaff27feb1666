// The OAuth module: discovery documents that let OAuth-only clients find where to get a token.

import { defineModule } from '../shared/module'
import { oauthOperations } from './operations'

export const oauthModule = defineModule('oauth', oauthOperations)
