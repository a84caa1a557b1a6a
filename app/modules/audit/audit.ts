/** A field's value before and after a change, as the audit log keeps it (docs/domain.md#audit). */
export type Changes = Record<string, [before: unknown, after: unknown]>;

/**
 * The fields of `after` whose value differs from `before`. Values are compared as JSON, so dates,
 * arrays (a car's places) and numbers stored as strings compare by what they say.
 */
export function changedFields<T extends Record<string, unknown>>(before: Partial<T>, after: Partial<T>): Changes {
  const changes: Changes = {};
  for (const key of Object.keys(after)) {
    const was = before[key] ?? null;
    const now = after[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[key] = [was, now];
  }
  return changes;
}

/** A creation recorded as every field going from nothing to its value. */
export const createdFields = (values: Record<string, unknown>): Changes =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, [null, value ?? null]]));
