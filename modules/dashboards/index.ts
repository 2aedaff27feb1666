// The dashboards module: its routes, built from its operation declarations.
import { defineModule } from '../shared/module'
import { dashboardsOperations } from './operations'

export const dashboardsModule = defineModule('dashboards', dashboardsOperations)
