// Shaping a tool's output for a model: the declared output only (Value.Clean, then checked), a short
// summary line ahead of the JSON, and a size cap. A result must stay under about 20,000 tokens; lists are
// cut by asking the operation for a smaller page (see tool-call.ts), anything else by cutting its longest
// arrays, and the text always says what was left out and how to get it.

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { Value } from '@sinclair/typebox/value'
import { ProblemError } from '../shared/problem'
import type { ToolDefinition } from './tool-catalog'

/** The most a single tool result may hold, in tokens (SPEC: results stay usable by a model). */
export const RESULT_TOKEN_CAP = 20_000
/** JSON full of ids and numbers runs at about 3 characters a token; prose nearer 4. Err on the safe side. */
export const CHARS_PER_TOKEN = 3

export const estimateTokens = (value: unknown) => Math.ceil(JSON.stringify(value).length / CHARS_PER_TOKEN)

export interface PageValue {
  data: unknown[]
  next_cursor: string | null
}

export const isPage = (value: unknown): value is PageValue =>
  !!value && typeof value === 'object' && Array.isArray((value as PageValue).data) && 'next_cursor' in value

/** Keep only what the operation declares (the HTTP response schema does the same), then check it. */
export function cleanOutput(tool: ToolDefinition, value: unknown): unknown {
  const cleaned = Value.Clean(tool.op.output, Value.Clone(value))
  if (!Value.Check(tool.op.output, cleaned)) {
    const paths = [...Value.Errors(tool.op.output, cleaned)].slice(0, 5).map((e) => `${e.path}: ${e.message}`)
    throw new OutputMismatch(tool.name, paths)
  }
  return cleaned
}

/** The operation returned something its declaration does not allow: a bug on our side, never data. */
export class OutputMismatch extends Error {
  constructor(
    readonly tool: string,
    readonly paths: string[],
  ) {
    super(`Output of ${tool} does not match its declared schema: ${paths.join('; ')}`)
    this.name = 'OutputMismatch'
  }
}

function summaryOf(tool: ToolDefinition, value: unknown): string[] {
  if (tool.pageable && isPage(value)) {
    const count = value.data.length
    return [
      `${count} item${count === 1 ? '' : 's'} on this page.`,
      value.next_cursor
        ? `More available: call ${tool.name} again with cursor "${value.next_cursor}".`
        : 'This is the last page.',
    ]
  }
  const lines = [`${tool.op.summary}.`]
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, field] of Object.entries(value)) {
      // Count lists of records; a short list of names (grants, tags) needs no summary.
      if (Array.isArray(field) && typeof field[0] === 'object')
        lines.push(`${key}: ${field.length} item${field.length === 1 ? '' : 's'}.`)
    }
  }
  return lines
}

/** A successful result: summary and notes, then the JSON; the JSON again as structuredContent. */
export function renderResult(tool: ToolDefinition, value: unknown, notes: string[] = []): CallToolResult {
  const text = [...summaryOf(tool, value), ...notes].join('\n')
  if (tool.objectOutput) {
    return {
      content: [{ type: 'text', text: `${text}\n\n${JSON.stringify(value)}` }],
      structuredContent: value as Record<string, unknown>,
    }
  }
  // Without a declared object output there is no schema for structuredContent; the JSON text carries it.
  return { content: [{ type: 'text', text: `${text}\n\n${JSON.stringify(value ?? null)}` }] }
}

interface ArraySite {
  path: string
  array: unknown[]
  size: number
}

function arraysIn(value: unknown, path: string, protect: ReadonlySet<string>, out: ArraySite[]): void {
  if (Array.isArray(value)) {
    if (!protect.has(path) && value.length > 0)
      out.push({ path, array: value, size: JSON.stringify(value).length })
    for (const [i, item] of value.entries()) arraysIn(item, `${path}/${i}`, protect, out)
  } else if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) arraysIn(field, `${path}/${key}`, protect, out)
  }
}

export interface ArrayCut {
  path: string
  kept: number
  total: number
}

/**
 * Shorten the largest arrays of `value` (in place) until its JSON fits `maxChars`, or nothing is left to
 * cut. `protect` names arrays that must stay whole (a page's `data`, which is cut by paging instead).
 */
export function cutLongestArrays(value: unknown, maxChars: number, protect: ReadonlySet<string>): ArrayCut[] {
  const cuts = new Map<string, ArrayCut>()
  for (let round = 0; round < 50; round++) {
    const size = JSON.stringify(value).length
    if (size <= maxChars) break
    const sites: ArraySite[] = []
    arraysIn(value, '', protect, sites)
    if (sites.length === 0) break
    const largest = sites.reduce((a, b) => (b.size > a.size ? b : a))
    const excess = size - maxChars
    const share = Math.max(0, 1 - excess / largest.size)
    const keep = Math.min(largest.array.length - 1, Math.floor(largest.array.length * share * 0.95))
    const total = cuts.get(largest.path)?.total ?? largest.array.length
    largest.array.splice(keep)
    cuts.set(largest.path, { path: largest.path, kept: keep, total })
  }
  return [...cuts.values()]
}

export function describeCuts(cuts: ArrayCut[]): string[] {
  return cuts.map(
    (c) =>
      `Cut ${c.path || 'the result'} to ${c.kept} of ${c.total} items to stay under about ${RESULT_TOKEN_CAP.toLocaleString('en')} tokens; narrow the request (a shorter range or a filter) to see the rest.`,
  )
}

export function tooLargeProblem(tool: ToolDefinition, tokens: number): ProblemError {
  return new ProblemError(
    'payloadTooLarge',
    `The result of ${tool.name} is about ${tokens.toLocaleString('en')} tokens, over the ${RESULT_TOKEN_CAP.toLocaleString('en')}-token cap of one tool result, and cannot be cut down further; narrow the request.`,
    { extra: { estimated_tokens: tokens, max_tokens: RESULT_TOKEN_CAP } },
  )
}
