// Running one tools/call: the checks the HTTP gate makes (grant and principal kind, the caller's own
// user and workspace, the body limit), argument validation with the same TypeBox models, the operation's
// own handler with the caller's principal (no HTTP round trip), and a result shaped and capped for a model.

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { Value } from '@sinclair/typebox/value'
import type { AppContext } from '../shared/context'
import { assertMayCall, assertOwnScope } from '../shared/gate'
import type { RequestInfo } from '../shared/operation'
import type { Principal } from '../shared/principal'
import { type FieldError, PROBLEM_TYPES, ProblemError, type ProblemKey } from '../shared/problem'
import { splitToolArguments } from '../shared/registry'
import { assertBodyWithinLimit } from './body-limits'
import type { ToolDefinition } from './tool-catalog'
import { problemResult, toProblem } from './tool-errors'
import {
  CHARS_PER_TOKEN,
  cleanOutput,
  cutLongestArrays,
  describeCuts,
  estimateTokens,
  isPage,
  RESULT_TOKEN_CAP,
  renderResult,
  tooLargeProblem,
} from './tool-result'

export interface ToolCaller {
  app: AppContext
  principal: Principal
  request: RequestInfo
}

/** Room kept for the summary lines and the result's own framing. */
const FRAME_CHARS = 2_000

function argumentErrors(tool: ToolDefinition, args: unknown): FieldError[] {
  const seen = new Set<string>()
  const errors: FieldError[] = []
  for (const e of tool.inputCheck.Errors(args)) {
    const path = e.path || '/'
    const key = `${path} ${e.message}`
    if (seen.has(key)) continue
    seen.add(key)
    errors.push({ in: 'arguments', path, message: e.message })
  }
  return errors
}

/** Defaults applied, then checked; a 422 problem listing every invalid field otherwise. */
function validateArguments(tool: ToolDefinition, raw: Record<string, unknown>): Record<string, unknown> {
  const args = Value.Default(tool.input, Value.Clone(raw)) as Record<string, unknown>
  if (tool.inputCheck.Check(args)) return args
  const errors = argumentErrors(tool, args)
  const summary = errors
    .slice(0, 3)
    .map((e) => `${e.path}: ${e.message}`)
    .join('; ')
  throw new ProblemError('validation', `Invalid arguments: ${summary}${errors.length > 3 ? '; …' : ''}`, {
    extra: { errors },
  })
}

/** A handler's answer as a plain value; handlers that build their own Response are read back. */
async function plainValueOf(result: unknown): Promise<unknown> {
  if (!(result instanceof Response)) return result
  const text = await result.text()
  const json = (result.headers.get('content-type') ?? '').includes('json')
  if (result.status >= 400) {
    const problem = json ? (JSON.parse(text) as { detail?: string }) : null
    const kind = (Object.keys(PROBLEM_TYPES) as ProblemKey[]).find(
      (k) => PROBLEM_TYPES[k].status === result.status,
    )
    throw new ProblemError(kind ?? 'internal', problem?.detail ?? 'The operation failed.', {
      status: result.status,
    })
  }
  return json ? JSON.parse(text) : text
}

async function invoke(tool: ToolDefinition, args: Record<string, unknown>, caller: ToolCaller) {
  const parts = splitToolArguments(tool.op, args)
  const output = await tool.op.handler(parts, {
    principal: caller.principal,
    app: caller.app,
    request: caller.request,
  })
  return cleanOutput(tool, await plainValueOf(output))
}

/**
 * A page too large for one result: ask the operation again for fewer items, so the cursor it returns
 * is its own and the model can continue exactly where this page ends.
 */
async function shrinkPage(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  first: { data: unknown[] },
  maxChars: number,
  caller: ToolCaller,
): Promise<{ value: unknown; notes: string[] }> {
  const requested = first.data.length
  let value: unknown = first
  let count = requested
  let size = resultChars(tool, value)
  while (size > maxChars && count > 1) {
    const limit = Math.max(1, Math.min(count - 1, Math.floor(((count * maxChars) / size) * 0.9)))
    value = await invoke(tool, { ...args, limit }, caller)
    count = isPage(value) ? value.data.length : 0
    size = resultChars(tool, value)
  }
  if (count === requested) return { value, notes: [] }
  const next = isPage(value) ? value.next_cursor : null
  return {
    value,
    notes: [
      `Cut to ${count} of ${requested} items to stay under about ${RESULT_TOKEN_CAP.toLocaleString('en')} tokens${next ? `; call again with cursor "${next}" for the rest` : ''}.`,
    ],
  }
}

const resultChars = (tool: ToolDefinition, value: unknown) => JSON.stringify(renderResult(tool, value)).length

/** The token's user and workspace filled in where the model left them out (see tool-catalog.ts). */
function withTokenScope(tool: ToolDefinition, raw: Record<string, unknown>, principal: Principal) {
  const filled = { ...raw }
  for (const field of tool.tokenScoped) if (filled[field] === undefined) filled[field] = principal[field]
  return filled
}

/** One tool call that throws its problem (for resource templates, which answer with protocol errors). */
export async function runTool(tool: ToolDefinition, given: Record<string, unknown>, caller: ToolCaller) {
  assertMayCall(tool.op, caller.principal)
  const raw = withTokenScope(tool, given, caller.principal)
  const rawParts = splitToolArguments(tool.op, raw)
  // The HTTP gate's order: the body's size before the own-scope check.
  assertBodyWithinLimit(tool.op, rawParts.body, caller.app.config)
  if (tool.op.ownScopeOnly !== false) assertOwnScope(caller.principal, rawParts)
  const args = validateArguments(tool, raw)
  // Each tool call is one protected request of the hosted introductory allowance (POST /mcp is not).
  await caller.app.allowance.charge(tool.op, caller.principal)
  const maxChars = RESULT_TOKEN_CAP * CHARS_PER_TOKEN

  let value = await invoke(tool, args, caller)
  const notes: string[] = []
  if (resultChars(tool, value) > maxChars && tool.pageable && isPage(value)) {
    const shrunk = await shrinkPage(tool, args, value, maxChars, caller)
    value = shrunk.value
    notes.push(...shrunk.notes)
  }
  if (resultChars(tool, value) > maxChars) {
    const tokens = estimateTokens(renderResult(tool, value))
    // Structured content and text both carry the JSON, so each gets half of the room.
    const room = (maxChars - FRAME_CHARS) / (tool.objectOutput ? 2 : 1)
    const cuts = cutLongestArrays(value, room, new Set(tool.pageable ? ['/data'] : []))
    // A cut that breaks the declared shape (say a minimum item count) is no answer at all.
    if (!Value.Check(tool.op.output, value)) throw tooLargeProblem(tool, tokens)
    notes.push(...describeCuts(cuts))
  }
  const result = renderResult(tool, value, notes)
  const tokens = estimateTokens(result)
  if (tokens > RESULT_TOKEN_CAP) throw tooLargeProblem(tool, tokens)
  return result
}

/** Serve one tools/call. Every failure becomes an isError result carrying problem details; none throws. */
export async function callTool(
  tool: ToolDefinition,
  args: Record<string, unknown> | undefined,
  caller: ToolCaller,
): Promise<CallToolResult> {
  try {
    return await runTool(tool, args ?? {}, caller)
  } catch (error) {
    const problem = toProblem(error, caller.app, caller.request.id, tool.name)
    return problemResult(problem, caller.app, caller.request.id, tool.name)
  }
}
