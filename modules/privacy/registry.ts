// What other modules tell the privacy lifecycle about their data, for the cases the generic rule
// (every row of every table with the user's `user_id` is exported and deleted) does not fit:
// - a purge step: work to do before the user's rows go (revoke a provider token at the provider);
// - a retained table: rows the law requires to keep (billing records), which the purge leaves in place
//   after the module has scrubbed them of health data and of the user's identity; the receipt says so.
// A module registers from its own index.ts with one call; nothing here lists modules by name.

import type { AppContext } from '../shared/context'
import type { Subject } from './repo'

export interface PurgeStep {
  name: string
  /** Runs before the user's rows are deleted; returns what it did for the receipt. */
  run(app: AppContext, subject: Subject): Promise<{ done: string; count: number }>
}

export interface RetainedTable {
  table: string
  /** Why the rows are kept (shown in the receipt). */
  reason: string
  /** Remove health data and identity from the subject's rows; returns how many rows were kept. */
  scrub(app: AppContext, subject: Subject): Promise<number>
}

const purgeSteps: PurgeStep[] = []
const retainedTables = new Map<string, RetainedTable>()

export function registerPurgeStep(step: PurgeStep): void {
  if (!purgeSteps.some((s) => s.name === step.name)) purgeSteps.push(step)
}

export function registerRetainedTable(entry: RetainedTable): void {
  retainedTables.set(entry.table, entry)
}

export const registeredPurgeSteps = (): readonly PurgeStep[] => purgeSteps
export const retainedTable = (name: string): RetainedTable | undefined => retainedTables.get(name)
