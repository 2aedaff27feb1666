// Operations of the profiles module: read and set the caller's sex and birth date (each with where it
// came from). Declared once, so they reach HTTP, OpenAPI and MCP alike.

import { defineOperation } from '../shared/operation'
import { scopeOf } from '../shared/principal'
import { READS } from '../shared/tool-annotations'
import { profilesExamples } from './examples'
import { Profile, ProfileParams, ProfilePutBody, ProfileQuery } from './model'
import { getProfile, putProfile } from './service'

const tags = ['Profile']

export const profileGet = defineOperation(
  {
    id: 'profiles.get',
    method: 'GET',
    path: '/users/:user_id/profile',
    summary: 'The profile analyses use: sex and birth date, each with where it came from',
    description:
      'What the user set wins; what they have not set is filled from uploaded data (Apple Health <Me>, a FHIR Patient), naming the source.',
    tags,
    grant: 'analyses',
    params: ProfileParams,
    query: ProfileQuery,
    output: Profile,
    mcp: { tool: 'get_profile', annotations: READS },
    example: profilesExamples['profiles.get'],
  },
  (_input, { app, principal }) => getProfile(app, scopeOf(principal)),
)

export const profilePut = defineOperation(
  {
    id: 'profiles.put',
    method: 'PUT',
    path: '/users/:user_id/profile',
    summary: 'Set sex and/or birth date for sex- and age-specific ranges (null clears a value)',
    tags,
    grant: 'analyses',
    params: ProfileParams,
    body: ProfilePutBody,
    output: Profile,
    mcp: {
      tool: 'set_profile',
      // Overwrites (or clears, with null) what the user set before: destructive, though the same call twice
      // leaves the same profile.
      annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
    },
    example: profilesExamples['profiles.put'],
  },
  ({ body }, { app, principal }) => putProfile(app, scopeOf(principal), body),
)

export const profilesOperations = [profileGet, profilePut]
