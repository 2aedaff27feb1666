// One cursor/limit convention for every list, over HTTP and MCP: newest first, `limit` 1-100 (default 20),
// `next_cursor` is opaque (the last item's time-ordered id) and null on the last page.

import { type TSchema, Type } from '@sinclair/typebox'
import { ProblemError } from './problem'

export const PageQuery = {
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100,
      default: 20,
      description: 'Items per page (1-100, default 20).',
    }),
  ),
  cursor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'next_cursor from the previous page.' }),
  ),
}

export const pageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    next_cursor: Type.Union([Type.String(), Type.Null()], {
      description: 'Pass as `cursor` for the next page; null on the last page.',
    }),
  })

export function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url')
}

/** The id a cursor points after, or null for a cursor that was not made by us. */
export function decodeCursor(cursor: string | undefined): string | null {
  if (!cursor) return null
  const id = Buffer.from(cursor, 'base64url').toString('utf8')
  return /^[a-z]+_[0-9a-z]{26}$/.test(id) ? id : null
}

/**
 * A list request's page: its limit (default 20) and the id to continue after (null on the first
 * page). A cursor this service did not issue is a 422 naming the field.
 */
export function readPage(query: { limit?: number; cursor?: string }): {
  limit: number
  before: string | null
} {
  const before = decodeCursor(query.cursor)
  if (query.cursor && !before) {
    throw new ProblemError('validation', 'The cursor is not one this service issued.', {
      extra: { errors: [{ in: 'query', path: '/cursor', message: 'Unknown cursor' }] },
    })
  }
  return { limit: query.limit ?? 20, before }
}

/** Fetch `limit + 1` rows, then call this to cut the page and compute the next cursor. */
export function toPage<T extends { id: string }>(
  rows: T[],
  limit: number,
): { data: T[]; next_cursor: string | null } {
  const data = rows.slice(0, limit)
  return { data, next_cursor: rows.length > limit ? encodeCursor(data[data.length - 1].id) : null }
}
