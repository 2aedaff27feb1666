// A module loaded on first use instead of at start-up, for code most requests or deployments never run
// (an SDK, a family of readers). The loading promise is kept: import() of a module that is already loaded
// still resolves it again on every call, which cost POST /mcp about a sixth of its time. A failed load is
// forgotten, so the next call tries again.

export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((error) => {
      loading = undefined
      throw error
    }))
}
