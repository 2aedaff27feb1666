// Where the OAuth protected-resource metadata (RFC 9728) of a request's resource lives. Shared because
// the gate names it in every 401 and the oauth module serves it. The metadata URL of a resource with a
// path inserts the well-known segment before the path (RFC 9728 section 3.1): /mcp's is
// /.well-known/oauth-protected-resource/mcp.

import type { Config } from './config'

export const METADATA_PATH = '/.well-known/oauth-protected-resource'

/** The resources this service describes: the API as a whole and the MCP endpoint. */
export type ProtectedResource = 'api' | 'mcp'

export const RESOURCE_PATH: Record<ProtectedResource, string> = { api: '', mcp: '/mcp' }

export function metadataUrl(config: Readonly<Config>, resource: ProtectedResource): string {
  return `${config.publicBaseUrl}${METADATA_PATH}${RESOURCE_PATH[resource]}`
}

/** The resource a request path belongs to, for the `resource_metadata` of its 401. */
export function resourceOfPath(pathname: string): ProtectedResource {
  return pathname === '/mcp' || pathname.startsWith('/mcp/') ? 'mcp' : 'api'
}
