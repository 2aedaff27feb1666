// Header text quoted back in evidence and warnings: a header line can be any length (a full command
// line, a path), a message should not be.

/** The text trimmed, and cut to `max` characters with "..." when it is longer. */
export function clipHeaderText(text: string, max: number): string {
  const t = text.trim()
  return t.length > max ? `${t.slice(0, max - 3)}...` : t
}
