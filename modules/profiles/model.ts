// Models of the profile: sex and birth date, each with where it came from (set by the user, or read from
// an uploaded source), and the age they give today.

import { type Static, Type } from '@sinclair/typebox'
import { Nullable } from '../analyses/citation-model'

export const ProfileParams = Type.Object({ user_id: Type.String({ minLength: 1 }) })
export const ProfileQuery = Type.Object({ organization_id: Type.Optional(Type.String({ minLength: 1 })) })

const Origin = Type.Object({
  kind: Type.Union([Type.Literal('user'), Type.Literal('source')], {
    description: '`user`: set with PUT; `source`: read from uploaded data (never overrides the user).',
  }),
  source_id: Nullable(Type.String()),
  detail: Type.String({
    description: 'Where exactly: `set by the user`, `Apple Health <Me>`, `FHIR Patient`.',
  }),
})

const SexValue = Type.Union([Type.Literal('female'), Type.Literal('male')])
const BirthDate = Type.String({
  format: 'date',
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'YYYY-MM-DD.',
})

/** Fields left out stay as they are; null clears what the user set (a value from uploaded data may then show). */
export const ProfilePutBody = Type.Object({
  organization_id: Type.Optional(Type.String({ minLength: 1 })),
  sex: Type.Optional(Nullable(SexValue)),
  birth_date: Type.Optional(Nullable(BirthDate)),
})

export const Profile = Type.Object(
  {
    user_id: Type.String(),
    organization_id: Type.String(),
    sex: Nullable(Type.Object({ value: SexValue, origin: Origin })),
    birth_date: Nullable(Type.Object({ value: BirthDate, origin: Origin })),
    age_years: Nullable(Type.Integer({ description: 'Whole years today, from birth_date.' })),
    updated_at: Nullable(Type.String({ format: 'date-time', description: 'When the user last set it.' })),
  },
  { $id: 'Profile' },
)

export type Profile = Static<typeof Profile>
export type ProfilePutBody = Static<typeof ProfilePutBody>
