// The webhooks module: outbound, signed webhooks for the workspace's events (Builder and up).
import { defineModule } from '../shared/module'
import { webhooksOperations } from './operations'

export const webhooksModule = defineModule('webhooks', webhooksOperations)
