// MCP prompts: a few ready-made requests that tell an agent which of the caller's tools to use for a
// common job, and how to report (cite sources, no diagnosis). A prompt is offered only when every tool it
// names is available to the caller, so it never points at something the token cannot call.

import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js'
import { ProblemError } from '../shared/problem'
import { HEALTH_CONTEXT_URI, RESOURCES, readResource } from './resources'
import type { ToolCaller } from './tool-call'

export interface PromptContext {
  /** Tool names the caller may call. */
  tools: ReadonlySet<string>
  /** Resource URIs the caller may read. */
  resources: ReadonlySet<string>
}

export interface PromptDefinition {
  listing: Prompt
  /** Tools that must all be available for the prompt to be offered. */
  needsTools: readonly string[]
  /** Resources that must all be readable for the prompt to be offered. */
  needsResources?: readonly string[]
  messages(
    args: Record<string, string>,
    context: PromptContext,
    caller: ToolCaller,
  ): GetPromptResult['messages'] | Promise<GetPromptResult['messages']>
}

const REPORTING =
  'Quote each value with its unit and the source_id it came from. Say plainly when data is missing or old. Do not diagnose; name what would be worth discussing with a clinician.'

const user = (text: string): GetPromptResult['messages'][number] => ({
  role: 'user',
  content: { type: 'text', text },
})

function contextHint(context: PromptContext): string[] {
  const uris = RESOURCES.map((r) => r.listing.uri).filter((uri) => context.resources.has(uri))
  return uris.length ? [`For background, read the resource ${uris.join(', ')}.`] : []
}

export const PROMPTS: readonly PromptDefinition[] = [
  {
    listing: {
      name: 'review_latest_labs',
      title: 'Review my latest labs',
      description: 'Find the newest lab results and go through them value by value, with their sources.',
    },
    needsTools: ['list_sources', 'get_source'],
    messages: (_args, context) => [
      user(
        [
          'Review my latest lab results.',
          '1. Call list_sources with modality "biomarkers" and limit 5 to find the newest lab uploads.',
          '2. Call get_source for the newest one to see what it holds, its time range and any warnings.',
          ...contextHint(context),
          '3. Go through the results: which are inside their reference ranges, which are not, and how they compare with earlier sources if there are any.',
          REPORTING,
        ].join('\n'),
      ),
    ],
  },
  {
    listing: {
      name: 'summarize_health_context',
      title: 'Summarize my health context',
      description:
        'My health context (latest values, flags, genotype highlights, goals, data freshness) with a request to summarize what stands out and what is out of date.',
    },
    needsTools: [],
    needsResources: [HEALTH_CONTEXT_URI],
    messages: async (_args, _context, caller) => {
      const resource = RESOURCES.find((r) => r.listing.uri === HEALTH_CONTEXT_URI)!
      const [contents] = (await readResource(resource, caller)).contents as {
        uri: string
        mimeType?: string
        text: string
      }[]
      return [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: contents.uri, mimeType: contents.mimeType, text: contents.text },
          },
        },
        user(
          [
            'Above is my health context. Summarize it for me:',
            '- values and flags that stand out, and the ones that look fine;',
            '- genotype highlights, and what they do and do not mean;',
            '- my active goals and whether they are met;',
            '- which kinds of data are stale or missing, and what would be worth measuring again.',
            REPORTING,
          ].join('\n'),
        ),
      ]
    },
  },
  {
    listing: {
      name: 'explain_source',
      title: 'Explain one source',
      description:
        'Explain what one uploaded or synced source contains and whether anything went wrong reading it.',
      arguments: [{ name: 'source_id', description: 'The source id (src_…).', required: true }],
    },
    needsTools: ['get_source'],
    messages: (args) => {
      if (!/^src_[0-9a-z]{26}$/.test(args.source_id ?? '')) {
        throw new ProblemError(
          'validation',
          'source_id must be a source id such as src_… (26 characters after src_).',
          {
            extra: { errors: [{ in: 'arguments', path: '/source_id', message: 'Expected a source id' }] },
          },
        )
      }
      return [
        user(
          [
            `Explain what the source ${args.source_id} contains.`,
            `Call get_source with id "${args.source_id}", then say what kind of data it is, its format and provider, the period it covers, how many records were read, and what each warning means for the data.`,
            REPORTING,
          ].join('\n'),
        ),
      ]
    },
  },
]

export const promptsFor = (context: PromptContext) =>
  PROMPTS.filter(
    (p) =>
      p.needsTools.every((name) => context.tools.has(name)) &&
      (p.needsResources ?? []).every((uri) => context.resources.has(uri)),
  )
