// MCP resources: documents an agent can read whole rather than call for, each behind the grant the HTTP
// API asks for the same data. The health context of the caller is the one resource.

import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js'
import type { Grant } from '../shared/principal'
import type { ToolCaller } from './tool-call'

export interface ResourceDefinition {
  listing: Resource
  grant: Grant
  read(caller: ToolCaller): Promise<unknown>
}

export const RESOURCES: readonly ResourceDefinition[] = []

export const resourcesFor = (caller: ToolCaller) =>
  RESOURCES.filter((r) => caller.principal.grants.includes(r.grant))

/** The resource's contents as JSON text. */
export async function readResource(
  resource: ResourceDefinition,
  caller: ToolCaller,
): Promise<ReadResourceResult> {
  const value = await resource.read(caller)
  return {
    contents: [
      { uri: resource.listing.uri, mimeType: resource.listing.mimeType, text: JSON.stringify(value) },
    ],
  }
}
