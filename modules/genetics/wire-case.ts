// genetics-core speaks camelCase; the API speaks snake_case. This renames object keys on the way out,
// deeply, leaving values (including strings such as population codes) untouched.

const snake = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()

export function toSnakeCase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toSnakeCase)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [snake(k), toSnakeCase(v)]))
  }
  return value
}
