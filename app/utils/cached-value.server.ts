const TTL_MS = 60_000;

type Entry<T> = { value?: T; loadedAt: number; pending?: Promise<T>; generation: number };

/**
 * A value read from the database and kept in memory for a minute, for reference data that every
 * page view would otherwise query (docs/architecture.md#budgets). Once stale it is refreshed in
 * the background, so no visitor waits for a reload; `forget` (called by the back-office change
 * that alters it) makes this process read it again on next use, while other web processes see the
 * change within the TTL.
 */
export function cachedValue<T>(load: () => Promise<T>) {
  const entry: Entry<T> = { loadedAt: 0, generation: 0 };
  const refresh = (): Promise<T> => {
    if (entry.pending) return entry.pending;
    const generation = entry.generation;
    const pending: Promise<T> = load()
      .then((value) => {
        // A load that started before `forget` may have read the old rows: it is not kept.
        if (entry.generation === generation) {
          entry.value = value;
          entry.loadedAt = Date.now();
        }
        return value;
      })
      .finally(() => {
        if (entry.pending === pending) entry.pending = undefined;
      });
    entry.pending = pending;
    return pending;
  };
  return {
    async get(): Promise<T> {
      if (entry.value === undefined) return refresh();
      if (Date.now() - entry.loadedAt > TTL_MS) refresh().catch(() => {});
      return entry.value;
    },
    forget() {
      entry.generation++;
      entry.value = undefined;
      entry.pending = undefined;
    },
  };
}
