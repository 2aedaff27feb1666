// One-at-a-time sections per key (a user, say) inside this process, so that "count, then insert" checks of
// a cap cannot be raced past by concurrent requests of the same caller. Keys are dropped once idle.

const tails = new Map<string, Promise<unknown>>()

/** Run `work` after every earlier section holding `key` has finished; sections of other keys run freely. */
export async function withKeyLock<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve()
  const run = previous.then(work, work)
  const tail = run.catch(() => {})
  tails.set(key, tail)
  try {
    return await run
  } finally {
    if (tails.get(key) === tail) tails.delete(key)
  }
}
