// One line about an error for a terminal or a log: the innermost cause's first line, short, with any
// credentials in a quoted URL masked. Used where a start or command fails outside a request.

export function errorSummary(error: unknown): string {
  // Wrapped errors (drizzle's "Failed query") carry the useful message in their innermost cause.
  let inner: unknown = error
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause
  const message = inner instanceof Error ? inner.message : String(inner)
  const firstLine = (message.split('\n')[0] ?? '').slice(0, 300)
  // A driver's message may quote a URL with its credentials; those never reach the terminal or a log.
  return firstLine.replace(/\/\/[^/\s@]+@/g, '//***@') || 'unknown error'
}
