// MCP resource templates: one source, one analysis or one genetics job by id, as a document an agent can
// read or a client can attach. Each template is read through the tool that reads the same record, so the
// grant, the caller's scope (someone else's id is a 404, as over HTTP) and the result cap are the tool's;
// a template is offered only to tokens that may call its tool.

import type { ReadResourceResult, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js'
import { ProblemError } from '../shared/problem'
import { runTool, type ToolCaller } from './tool-call'
import type { ToolDefinition } from './tool-catalog'

export interface ResourceTemplateDefinition {
  listing: ResourceTemplate
  /** The tool that reads the record; its `id` argument is the template's `{id}`. */
  tool: string
  /** The URI shape, e.g. `wellness://sources/` followed by the id. */
  prefix: string
}

const template = (
  prefix: string,
  name: string,
  title: string,
  description: string,
  tool: string,
): ResourceTemplateDefinition => ({
  prefix,
  tool,
  listing: { uriTemplate: `${prefix}{id}`, name, title, description, mimeType: 'application/json' },
})

export const RESOURCE_TEMPLATES: readonly ResourceTemplateDefinition[] = [
  template(
    'wellness://sources/',
    'source',
    'One source',
    'One of your sources (an import: lab results, wearable or behavioral data, a genotype file) with its format, provider, record count and time range. The same as the get_source tool.',
    'get_source',
  ),
  template(
    'wellness://analyses/',
    'analysis',
    'One analysis',
    'One stored analysis with every finding and the records and references it rests on. The same as the get_analysis tool.',
    'get_analysis',
  ),
  template(
    'wellness://genetics/jobs/',
    'genetics_job',
    'One genetics job',
    'A genetics analysis job: its state, progress and, when done, the source it produced. The same as the get_genetics_job tool.',
    'get_genetics_job',
  ),
]

/** The templates whose tool the caller may call. */
export const templatesFor = (allowedTools: ReadonlySet<string>) =>
  RESOURCE_TEMPLATES.filter((t) => allowedTools.has(t.tool))

/** The template and id a URI names, or null when it names none (ids are a single path segment). */
export function matchTemplate(uri: string): { template: ResourceTemplateDefinition; id: string } | null {
  for (const candidate of RESOURCE_TEMPLATES) {
    if (!uri.startsWith(candidate.prefix)) continue
    const rest = uri.slice(candidate.prefix.length)
    if (rest === '' || rest.includes('/') || rest.includes('?') || rest.includes('#')) return null
    try {
      return { template: candidate, id: decodeURIComponent(rest) }
    } catch {
      return null
    }
  }
  return null
}

/** Read one templated resource through its tool; failures are the tool's problems, thrown. */
export async function readTemplate(
  uri: string,
  match: { template: ResourceTemplateDefinition; id: string },
  tool: ToolDefinition | undefined,
  caller: ToolCaller,
): Promise<ReadResourceResult> {
  if (!tool) throw new ProblemError('notFound', `No tool serves ${match.template.listing.uriTemplate}.`)
  const result = await runTool(tool, { id: match.id }, caller)
  return {
    contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(result.structuredContent ?? null) }],
  }
}
