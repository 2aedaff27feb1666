// Arrays of records inside a JSON document, wherever an export puts them: the document itself,
// `{ "data": [...] }`, `{ "sleep": [...], "activity": [...] }`, one level deeper. Each row keeps its path
// (`$.sleep[3]`) so an observation can cite it. Nested objects in a row are flattened to their leaf keys
// (`score.resting_heart_rate` → `resting_heart_rate`), as WHOOP nests its scores.

export interface JsonRow {
  path: string
  /** The array this row came from (its key, e.g. `sleep`), for the export's own naming. */
  group: string
  fields: Record<string, unknown>
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function flatten(
  obj: Record<string, unknown>,
  out: Record<string, unknown> = {},
  depth = 0,
): Record<string, unknown> {
  for (const [k, v] of Object.entries(obj)) {
    if (isObject(v) && depth < 3) flatten(v, out, depth + 1)
    else if (!(k in out)) out[k] = v
  }
  return out
}

export function jsonRows(doc: unknown): JsonRow[] {
  const out: JsonRow[] = []
  const take = (items: unknown[], path: string, group: string) => {
    items.forEach((item, i) => {
      if (isObject(item)) out.push({ path: `${path}[${i}]`, group, fields: flatten(item) })
    })
  }
  if (Array.isArray(doc)) {
    take(doc, '$', '')
    return out
  }
  if (!isObject(doc)) return out
  for (const [key, value] of Object.entries(doc)) {
    if (Array.isArray(value)) take(value, `$.${key}`, key)
    else if (isObject(value)) {
      for (const [inner, v] of Object.entries(value))
        if (Array.isArray(v)) take(v, `$.${key}.${inner}`, inner)
    }
  }
  return out
}
