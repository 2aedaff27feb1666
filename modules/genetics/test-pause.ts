// A pause for crash tests only: with WDS_TEST_JOB_PAUSE=<point>:<ms> outside production, the first
// attempt of a job waits at that point so a test can kill the worker there and watch the retry.
// Points: 'before_read' (the job is running, nothing read yet) and 'after_source' (the source exists,
// its findings are not written yet).

import type { AppContext } from '../shared/context'

export async function testPause(app: AppContext, point: string, attempt: number): Promise<void> {
  if (app.config.nodeEnv === 'production' || attempt !== 1) return
  const setting = process.env.WDS_TEST_JOB_PAUSE
  if (!setting) return
  const [at, ms] = setting.split(':')
  if (at === point && Number(ms) > 0) await Bun.sleep(Number(ms))
}
