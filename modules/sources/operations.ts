// Operations of the sources module: list the caller's sources, read one, see the observations it
// produced, and delete it (undo an import).

import { defineOperation } from '../shared/operation'
import { pageOf } from '../shared/pagination'
import { scopeOf } from '../shared/principal'
import { READS, REMOVES } from '../shared/tool-annotations'
import { deleteSource } from './delete-source'
import { sourcesExamples } from './examples'
import {
  Source,
  SourceDeleted,
  SourceIdParams,
  SourceListQuery,
  SourceObservation,
  SourceObservationsQuery,
} from './model'
import { getSource, listSourceObservations, listSources } from './service'

const tags = ['Sources']

export const sourcesList = defineOperation(
  {
    id: 'sources.list',
    example: sourcesExamples['sources.list'],
    method: 'GET',
    path: '/sources',
    summary: "List the caller's sources (uploads and syncs), newest first",
    tags,
    grant: 'imports',
    query: SourceListQuery,
    output: pageOf(Source),
    mcp: { tool: 'list_sources', annotations: READS },
    x402: {
      price: '0.001',
      description: "List the payer's own sources (uploads and syncs).",
      tags: ['sources'],
    },
  },
  ({ query }, { app, principal }) => listSources(app, scopeOf(principal), query),
)

export const sourcesGet = defineOperation(
  {
    id: 'sources.get',
    example: sourcesExamples['sources.get'],
    method: 'GET',
    path: '/sources/:id',
    summary: 'Read one source',
    tags,
    grant: 'imports',
    params: SourceIdParams,
    output: Source,
    mcp: { tool: 'get_source', annotations: READS },
    x402: {
      price: '0.001',
      description: "Read one of the payer's own sources.",
      tags: ['sources'],
    },
  },
  ({ params }, { app, principal }) => getSource(app, scopeOf(principal), params.id),
)

export const sourcesObservations = defineOperation(
  {
    id: 'sources.observations',
    example: sourcesExamples['sources.observations'],
    method: 'GET',
    path: '/sources/:id/observations',
    summary: 'List the observations one source produced, in file order',
    description:
      "Each observation with what the file said (original name, value, unit, printed line where the layout has lines, flag and interval as printed) and what was stored (catalog code, canonical value and unit, comparator of a censored result, normalized lab flag, specimen), where it came from (line, JSON path or FHIR entry) and any warnings about it. Paged: limit 1-100, cursor from next_cursor. 404 for a source that is not the caller's or was deleted.",
    tags,
    grant: 'imports',
    params: SourceIdParams,
    query: SourceObservationsQuery,
    output: pageOf(SourceObservation),
    errors: [404],
    mcp: { tool: 'list_source_observations', annotations: READS },
    x402: {
      price: '0.001',
      description: "List the observations one of the payer's own sources produced.",
      tags: ['sources'],
    },
  },
  ({ params, query }, { app, principal }) =>
    listSourceObservations(app, scopeOf(principal), params.id, query),
)

export const sourcesDelete = defineOperation(
  {
    id: 'sources.delete',
    example: sourcesExamples['sources.delete'],
    method: 'DELETE',
    path: '/sources/:id',
    summary: 'Delete a source: its observations (or genetic findings) and its stored file',
    description:
      "Undo an import. The source is removed from every list, its observations (genetic findings, ancestry and uploaded file for a genotype source) are deleted. Analyses that read it are kept and name it under deleted_sources; the answer lists them. 404 for a source that is not the caller's or is already deleted.",
    tags,
    grant: 'imports',
    outsideAllowance: 'Deleting stored data stays available whatever the plan.',
    params: SourceIdParams,
    output: SourceDeleted,
    errors: [404],
    // Not payable: SPEC lists deletion among the API-key-only operations (a wallet reads, never deletes).
    mcp: { tool: 'delete_source', annotations: REMOVES },
  },
  ({ params }, { app, principal }) => deleteSource(app, scopeOf(principal), params.id),
)

export const sourcesOperations = [sourcesList, sourcesGet, sourcesObservations, sourcesDelete]
