// The profile: sex and birth date for picking sex- and age-specific ranges. What the user sets wins;
// what they have not set is filled from their uploaded data (the newest source that states it: Apple
// Health <Me>, a FHIR Patient, a genotype file's X/Y calls), and the answer always says where each value came from.

import type { Sex } from '../biomarkers/types'
import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { ProblemError } from '../shared/problem'
import { listSources } from '../sources/service'
import type { Profile, ProfilePutBody } from './model'
import * as repo from './repo'

/** What a reader found about the person, kept in the source's details as `person`. */
export interface PersonFacts {
  sex?: Sex
  birth_date?: string
  /** Where in the source: `Apple Health <Me>`, `FHIR Patient`. */
  from: string
}

const MAX_SOURCES = 1000

function isFacts(x: unknown): x is PersonFacts {
  return typeof x === 'object' && x !== null && typeof (x as PersonFacts).from === 'string'
}

/**
 * What a source says about the person: the facts a reader kept (`person`), or for a genotype file the
 * sex inferred from its X and Y calls (`genetic_sex`, stated only when the calls decide it).
 */
function personOf(details: Record<string, unknown> | null): PersonFacts | null {
  if (isFacts(details?.person)) return details.person
  const genetic = details?.genetic_sex as { sex?: unknown } | undefined
  if (genetic?.sex === 'male' || genetic?.sex === 'female')
    return { sex: genetic.sex, from: 'genotype X/Y calls' }
  return null
}

/** The newest source stating each fact. */
async function factsFromSources(app: AppContext, scope: Scope) {
  const found: {
    sex?: { value: Sex; source_id: string; from: string }
    birth?: { value: string; source_id: string; from: string }
  } = {}
  let cursor: string | undefined
  let seen = 0
  do {
    const page = await listSources(app, scope, { limit: 100, cursor })
    for (const s of page.data) {
      const person = personOf(s.details as Record<string, unknown> | null)
      if (!person) continue
      if (!found.sex && (person.sex === 'female' || person.sex === 'male'))
        found.sex = { value: person.sex, source_id: s.id, from: person.from }
      if (
        !found.birth &&
        typeof person.birth_date === 'string' &&
        validBirthDate(person.birth_date, new Date())
      )
        found.birth = { value: person.birth_date, source_id: s.id, from: person.from }
    }
    seen += page.data.length
    cursor = page.next_cursor ?? undefined
  } while (cursor && seen < MAX_SOURCES && !(found.sex && found.birth))
  return found
}

function validBirthDate(value: string, now: Date): boolean {
  const t = Date.parse(`${value}T00:00:00Z`)
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    Number.isFinite(t) &&
    new Date(t).toISOString().slice(0, 10) === value &&
    t <= now.getTime() &&
    value >= '1900-01-01'
  )
}

/** Whole years between a birth date and now. */
export function ageOn(birthDate: string, now: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number)
  let age = now.getUTCFullYear() - y
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--
  return age
}

export async function getProfile(app: AppContext, scope: Scope): Promise<Profile> {
  const row = await repo.findProfile(app.db, scope)
  const needsSources = !row?.sex || !row?.birth_date
  const facts = needsSources ? await factsFromSources(app, scope) : {}
  const user = (detail = 'set by the user') => ({ kind: 'user' as const, source_id: null, detail })
  const fromSource = (f: { source_id: string; from: string }) => ({
    kind: 'source' as const,
    source_id: f.source_id,
    detail: f.from,
  })
  const sex = row?.sex
    ? { value: row.sex, origin: user() }
    : facts.sex
      ? { value: facts.sex.value, origin: fromSource(facts.sex) }
      : null
  const birth = row?.birth_date
    ? { value: row.birth_date, origin: user() }
    : facts.birth
      ? { value: facts.birth.value, origin: fromSource(facts.birth) }
      : null
  return {
    ...scope,
    sex,
    birth_date: birth,
    age_years: birth ? ageOn(birth.value, app.clock.now()) : null,
    updated_at: row?.updated_at ?? null,
  }
}

export async function putProfile(app: AppContext, scope: Scope, body: ProfilePutBody): Promise<Profile> {
  const now = app.clock.now()
  if (body.birth_date && !validBirthDate(body.birth_date, now))
    throw new ProblemError(
      'validation',
      `birth_date ${body.birth_date} is not a real date between 1900 and today.`,
      {
        extra: {
          errors: [{ in: 'body', path: '/birth_date', message: 'Not a real date between 1900 and today.' }],
        },
      },
    )
  const row = await repo.findProfile(app.db, scope)
  await repo.saveProfile(app.db, {
    ...scope,
    sex: body.sex === undefined ? (row?.sex ?? null) : body.sex,
    birth_date: body.birth_date === undefined ? (row?.birth_date ?? null) : body.birth_date,
    updated_at: now.toISOString(),
  })
  return getProfile(app, scope)
}

/** The profile as analyses, trends, context, query, reminders and goals use it. */
export async function analysisProfile(
  app: AppContext,
  scope: Scope,
): Promise<{ sex?: Sex; age_years?: number } | null> {
  const p = await getProfile(app, scope)
  const out: { sex?: Sex; age_years?: number } = {}
  if (p.sex) out.sex = p.sex.value
  if (p.age_years !== null && p.age_years >= 0 && p.age_years <= 120) out.age_years = p.age_years
  return Object.keys(out).length > 0 ? out : null
}
