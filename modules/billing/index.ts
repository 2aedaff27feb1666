// The billing module: hosted plan quotas and the subscription status, built from its declarations.
import { defineModule } from '../shared/module'
import { billingOperations } from './operations'

export const billingModule = defineModule('billing', billingOperations)
