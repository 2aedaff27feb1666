// OAuth discovery for clients that only speak OAuth (agent platforms adding the MCP endpoint by URL):
// the protected-resource metadata of the API and of /mcp (RFC 9728). Public, like every well-known
// document; a 401 names the right one in its WWW-Authenticate `resource_metadata`.

import { defineOperation } from '../shared/operation'
import { METADATA_PATH } from '../shared/protected-resource'
import { oauthExamples } from './examples'
import { ProtectedResourceMetadata } from './model'
import { protectedResourceMetadata } from './service'

const tags = ['OAuth']

export const protectedResourceOperation = defineOperation(
  {
    id: 'oauth.protected_resource',
    example: oauthExamples['oauth.protected_resource'],
    method: 'GET',
    path: METADATA_PATH,
    summary: 'OAuth protected-resource metadata of the API (RFC 9728)',
    tags,
    grant: null,
    output: ProtectedResourceMetadata,
  },
  (_input, { app }) => protectedResourceMetadata(app.config, 'api'),
)

export const protectedResourceMcpOperation = defineOperation(
  {
    id: 'oauth.protected_resource_mcp',
    example: oauthExamples['oauth.protected_resource_mcp'],
    method: 'GET',
    path: `${METADATA_PATH}/mcp`,
    summary: 'OAuth protected-resource metadata of the MCP endpoint (RFC 9728)',
    tags,
    grant: null,
    output: ProtectedResourceMetadata,
  },
  (_input, { app }) => protectedResourceMetadata(app.config, 'mcp'),
)

export const oauthOperations = [protectedResourceOperation, protectedResourceMcpOperation]
