// Hot queries prepared once per open database: drizzle builds a query's SQL text on every call unless it
// is prepared, and building it cost more than running a short indexed query (measured on the hot path).

import type { Database } from './client'

/** The query `build` makes, built on its first use with each database and kept for that database's life. */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const queries = new WeakMap<Database, Query>()
  return (db) => {
    let query = queries.get(db)
    if (!query) {
      query = build(db)
      queries.set(db, query)
    }
    return query
  }
}
