// The usual MCP tool annotations, named so each operation's `mcp` slot states plainly what its tool
// does. A slot may also spell out its own (e.g. a read that consults a language model is open-world).

import type { McpAnnotations } from './operation'

/** Reads the person's data or the catalogs and changes nothing. */
export const READS: McpAnnotations = {
  readOnly: true,
  destructive: false,
  idempotent: true,
  openWorld: false,
}

/** Adds a new record (an import, an analysis, a goal, a link); calling twice adds two. */
export const CREATES: McpAnnotations = {
  readOnly: false,
  destructive: false,
  idempotent: false,
  openWorld: false,
}

/** Deletes or revokes something; calling again changes nothing more. */
export const REMOVES: McpAnnotations = {
  readOnly: false,
  destructive: true,
  idempotent: true,
  openWorld: false,
}
