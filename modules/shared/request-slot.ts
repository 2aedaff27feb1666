// A value kept per request on the Request object itself, under a symbol private to the slot: what a
// WeakMap<Request, T> does, without one. The service sets about ten such values on every request (its id,
// client address, trace, caller, limits …). Each WeakMap entry is a hash-table insertion, and every
// garbage collection walks every live WeakMap's entries, thousands per map between two collections under
// load; a property on the request is written in nanoseconds and goes away with the request.

export interface RequestSlot<T> {
  get(request: Request): T | undefined
  set(request: Request, value: T): void
  has(request: Request): boolean
  /** Forget the value (it is overwritten, not deleted: deleting a property makes the object slower). */
  delete(request: Request): void
}

/** A slot for values that are never `undefined` (`has` cannot tell an undefined value from none). */
export function requestSlot<T>(description: string): RequestSlot<T> {
  const key = Symbol(description)
  type Holder = Record<symbol, T | undefined>
  return {
    get: (request) => (request as unknown as Holder)[key],
    set: (request, value) => {
      ;(request as unknown as Holder)[key] = value
    },
    has: (request) => (request as unknown as Holder)[key] !== undefined,
    delete: (request) => {
      if ((request as unknown as Holder)[key] !== undefined) (request as unknown as Holder)[key] = undefined
    },
  }
}
