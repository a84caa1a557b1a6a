/*
 * The door from logError to an error reporter (Sentry), which the process entries install only
 * when SENTRY_DSN is set (docs/operations.md#error-reporting). Kept on globalThis: the web server
 * and the Remix bundle load separate copies of error-log.ts, and both must report.
 */
type Reporter = (where: string, error: unknown) => void;

const key = Symbol.for("rueda.error-reporter");
const store = globalThis as typeof globalThis & { [key]?: Reporter };

export function setErrorReporter(reporter: Reporter | null): void {
  store[key] = reporter ?? undefined;
}

/** Hands the error to the reporter, if one is installed; a reporter's own failure is not the caller's. */
export function reportError(where: string, error: unknown): void {
  const reporter = store[key];
  if (!reporter) return;
  try {
    reporter(where, error);
  } catch {
    // Reporting is best effort: the log line is already written.
  }
}
