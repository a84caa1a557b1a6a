import { AsyncLocalStorage } from "node:async_hooks";

/** Counts SQL statements per request so budgets ("≤ 3 queries per page view") can be measured. */
const storage = new AsyncLocalStorage<{ queries: number }>();

export function withQueryCount<T>(fn: () => T): { counter: { queries: number }; result: T } {
  const counter = { queries: 0 };
  return { counter, result: storage.run(counter, fn) };
}

export function countQuery() {
  const counter = storage.getStore();
  if (counter) counter.queries += 1;
}
