// The genetics module's queue tasks, bound to the application context. Both queues run these.

import type { AppContext } from '../shared/context'
import type { TaskList } from '../shared/queue'
import { runGeneticsAnalysis } from './analysis-task'
import { ANALYZE_TASK } from './jobs'

export function geneticsTasks(app: AppContext): TaskList {
  return { [ANALYZE_TASK]: (payload, run) => runGeneticsAnalysis(app, payload, run) }
}
