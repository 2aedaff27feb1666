// Tool annotations are declared in each operation's `mcp` slot, not guessed from the HTTP method: reads
// sent as POST say they are reads, deletes sent as POST say they are destructive, and a tool without
// its four hints stops the catalogue from being built, so a new tool cannot ship without them.

import { describe, expect, it } from 'bun:test'
import { Type } from '@sinclair/typebox'
import { allOperations } from '../../../modules/app'
import { buildToolCatalog } from '../../../modules/mcp/tool-catalog'
import { defineOperation } from '../../../modules/shared/operation'

const catalog = new Map(buildToolCatalog(allOperations).map((tool) => [tool.name, tool.listing]))
const hints = (name: string) => {
  const listing = catalog.get(name)
  if (!listing) throw new Error(`No tool ${name} in the catalogue`)
  return listing.annotations
}

const toolOf = (annotations: unknown) =>
  defineOperation(
    {
      id: 'test.unannotated',
      method: 'GET',
      path: '/test-unannotated',
      summary: 'A tool someone forgot to annotate',
      tags: ['Test'],
      grant: 'analyses',
      output: Type.Object({ ok: Type.Boolean() }),
      mcp: { tool: 'test_unannotated', annotations } as never,
    },
    () => ({ ok: true }),
  )

describe('the catalogue', () => {
  it('has a tool for every operation that declares one (the service builds it on its first MCP request, so it is checked here)', () => {
    const declared = allOperations.filter((op) => op.mcp).map((op) => op.mcp!.tool)
    expect([...catalog.keys()].sort()).toEqual([...declared].sort())
  })
})

describe('declared tool annotations', () => {
  it('gives every tool in the registry all four hints as booleans', () => {
    const incomplete = [...catalog.values()]
      .filter((tool) =>
        ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'].some(
          (key) => typeof (tool.annotations as Record<string, unknown> | undefined)?.[key] !== 'boolean',
        ),
      )
      .map((tool) => tool.name)
    expect(incomplete).toEqual([])
    expect(catalog.size).toBe(allOperations.filter((op) => op.mcp).length)
  })

  it('marks the reads sent as POST as read-only, so clients do not ask before each one', () => {
    for (const name of ['get_trends', 'get_health_context', 'ask_health_question', 'genetics_ancestry']) {
      expect({ name, readOnly: hints(name)?.readOnlyHint }).toEqual({ name, readOnly: true })
      expect(hints(name)?.destructiveHint).toBe(false)
    }
  })

  it('marks deletes and revocations as destructive and idempotent, whatever their HTTP method', () => {
    for (const name of ['delete_goal', 'revoke_dashboard_link', 'delete_source', 'revoke_session']) {
      expect({ name, ...hints(name) }).toMatchObject({
        name,
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
      })
    }
  })

  it('does not call a tool that stores a new analysis read-only, even though it reads data', () => {
    for (const name of ['analyze_wearables', 'create_analysis', 'import_file', 'create_goal']) {
      expect({ name, ...hints(name) }).toMatchObject({
        name,
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
      })
    }
  })

  it('says a question that may go to the configured language model reaches outside the service', () => {
    expect(hints('ask_health_question')?.openWorldHint).toBe(true)
    expect(hints('list_sources')?.openWorldHint).toBe(false)
  })

  it('refuses to build a tool whose slot lacks annotations, naming the operation and what is missing', () => {
    expect(() => buildToolCatalog([toolOf(undefined)])).toThrow(
      'Operation test.unannotated (MCP tool test_unannotated) does not declare the annotations readOnly, destructive, idempotent, openWorld',
    )
    expect(() => buildToolCatalog([toolOf({ readOnly: true, destructive: false })])).toThrow(
      'does not declare the annotations idempotent, openWorld',
    )
  })

  it('refuses a tool declared both read-only and destructive', () => {
    const contradictory = { readOnly: true, destructive: true, idempotent: true, openWorld: false }
    expect(() => buildToolCatalog([toolOf(contradictory)])).toThrow(
      'cannot be both read-only and destructive',
    )
  })
})
