// MCP resources: documents an agent can read whole rather than call for, each behind the grant the HTTP
// API asks for the same data. The caller's health context (built by the analyses module, bounded in
// size by it) is the one resource; its output is cleaned to the declared model like a tool result.

import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js'
import type { TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { buildHealthContext } from '../analyses'
import { HealthContext } from '../analyses/context-model'
import { type Grant, scopeOf } from '../shared/principal'
import type { ToolCaller } from './tool-call'

export interface ResourceDefinition {
  listing: Resource
  grant: Grant
  /** The declared shape of the contents; nothing outside it goes out. */
  output: TSchema
  read(caller: ToolCaller): Promise<unknown>
}

export const HEALTH_CONTEXT_URI = 'wellness://health-context'

export const RESOURCES: readonly ResourceDefinition[] = [
  {
    listing: {
      uri: HEALTH_CONTEXT_URI,
      name: 'health_context',
      title: 'My health context',
      description:
        'A compact summary of everything held about you: latest key values and flags, genotype highlights, active goals and how fresh each kind of data is, each naming its source. At most 8 KB; `truncated` says when items were left out.',
      mimeType: 'application/json',
    },
    grant: 'health_context',
    output: HealthContext,
    read: ({ app, principal }) => buildHealthContext(app, scopeOf(principal)),
  },
]

export const resourcesFor = (caller: ToolCaller) =>
  RESOURCES.filter((r) => caller.principal.grants.includes(r.grant))

/** The resource's contents as JSON text, only the declared fields. */
export async function readResource(
  resource: ResourceDefinition,
  caller: ToolCaller,
): Promise<ReadResourceResult> {
  const value = Value.Clean(resource.output, Value.Clone(await resource.read(caller)))
  return {
    contents: [
      { uri: resource.listing.uri, mimeType: resource.listing.mimeType, text: JSON.stringify(value) },
    ],
  }
}
