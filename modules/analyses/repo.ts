// Queries of the analyses module: the only code that touches the analyses and action_plans tables.
// Every function takes the caller's scope first and filters by it.

import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm'
import { cachedRead, type Database } from '../../db/client'
import { preparedPerDatabase } from '../../db/prepared'
import type { Scope } from '../shared/principal'
import { actionPlans, analyses } from './tables'

export type AnalysisRow = typeof analyses.$inferSelect
export type ActionPlanRow = typeof actionPlans.$inferSelect

const analysisInScope = (scope: Scope) =>
  and(eq(analyses.organization_id, scope.organization_id), eq(analyses.user_id, scope.user_id))

export async function insertAnalysis(db: Database, row: AnalysisRow): Promise<void> {
  await db.insert(analyses).values(row)
}

const analysisById = preparedPerDatabase((db) =>
  db
    .select()
    .from(analyses)
    .where(
      and(
        eq(analyses.organization_id, sql.placeholder('organizationId')),
        eq(analyses.user_id, sql.placeholder('userId')),
        eq(analyses.id, sql.placeholder('id')),
      ),
    )
    .limit(1)
    .prepare(),
)

/**
 * Rows an analysis counts for in the read cache: its stored result is a few to a few hundred kilobytes,
 * against a few for a source row, so at most a few hundred analyses are kept between commits.
 */
const CACHED_ANALYSIS_WEIGHT = 25

export async function findAnalysis(db: Database, scope: Scope, id: string): Promise<AnalysisRow | undefined> {
  const params = { organizationId: scope.organization_id, userId: scope.user_id, id }
  // An analysis never changes once stored, but it can be deleted (with its user's data): reused only until
  // the next commit anywhere, like every cached read.
  const [row] = await cachedRead(
    db,
    `analysis\u0000${params.organizationId}\u0000${params.userId}\u0000${id}`,
    () => analysisById(db).execute(params),
    CACHED_ANALYSIS_WEIGHT,
  )
  return row
}

export async function listAnalyses(
  db: Database,
  scope: Scope,
  filter: { kind?: AnalysisRow['kind']; before: string | null; limit: number },
): Promise<AnalysisRow[]> {
  const conditions: (SQL | undefined)[] = [analysisInScope(scope)]
  if (filter.kind) conditions.push(eq(analyses.kind, filter.kind))
  if (filter.before) conditions.push(lt(analyses.id, filter.before))
  return db
    .select()
    .from(analyses)
    .where(and(...conditions))
    .orderBy(desc(analyses.id))
    .limit(filter.limit)
}

export async function insertActionPlan(db: Database, row: ActionPlanRow): Promise<void> {
  await db.insert(actionPlans).values(row)
}

/** The newest plan made from an analysis, if any. */
export async function latestActionPlan(
  db: Database,
  scope: Scope,
  analysisId: string,
): Promise<ActionPlanRow | undefined> {
  const rows = await db
    .select()
    .from(actionPlans)
    .where(
      and(
        eq(actionPlans.organization_id, scope.organization_id),
        eq(actionPlans.user_id, scope.user_id),
        eq(actionPlans.analysis_id, analysisId),
      ),
    )
    .orderBy(desc(actionPlans.id))
    .limit(1)
  return rows[0]
}

/** Ids of the analyses in scope that read a source. */
export async function analysesCitingSource(db: Database, scope: Scope, sourceId: string): Promise<string[]> {
  const rows = await db
    .select({ id: analyses.id, source_ids: analyses.source_ids })
    .from(analyses)
    .where(analysisInScope(scope))
  return rows.filter((r) => r.source_ids.includes(sourceId)).map((r) => r.id)
}
