/*
 * The one logger of every process (web, worker, relay, jobs, release and admin commands):
 * JSON lines on stdout through pino (docs/operations.md#logs). Code asks `log()` for the
 * logger at the moment it writes: inside a request that is the request's child logger (its
 * `reqId` on every line), elsewhere the process's root logger. Nothing keeps a logger in a
 * module-level constant, so a request's lines always carry its id.
 *
 * What a line may hold (docs/security.md#error-logs): no secret and no personal data. Callers
 * pass ids, counts, names of operations, never an email, phone, password, hash or token; the
 * redact paths and the message scrub below are the second line of defence, not the first.
 *
 * The state lives on globalThis: the web server and the Remix bundle load separate copies of
 * this module, and both must write through one logger and see one request scope.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { pino, type DestinationStream, type Logger } from "pino";
import { getEnv } from "../../config/env";

/** Keys whose values never reach a line, wherever a caller put them (pino's redact paths). */
const SENSITIVE_KEYS = [
  "authorization",
  "cookie",
  "set-cookie",
  "password",
  "newPassword",
  "currentPassword",
  "confirmPassword",
  "passwordHash",
  "token",
  "tokenHash",
  "secret",
  "apiKey",
  "email",
  "phone",
  "fullName",
  "birthDate",
];

export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  ...SENSITIVE_KEYS.flatMap((key) => {
    const safe = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
    const dot = safe.startsWith("[") ? "" : ".";
    return [safe, `*${dot}${safe}`, `*.*${dot}${safe}`];
  }),
];

/** An email address, or a phone number written with its country code (as the app stores them). */
const PERSONAL_PATTERN = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+\d[\d ()-]{6,18}\d/g;

/** A message with any email address or international phone number replaced. */
export function scrubText(text: string): string {
  return text.replace(PERSONAL_PATTERN, "[redacted]");
}

/** What a request's lines share: its id and its child logger. */
export type RequestScope = { id: string; log: Logger };

type LogState = {
  root: Logger;
  scope: AsyncLocalStorage<RequestScope>;
  /** Where lines go: stdout, or a test's capture. */
  sink: { target: DestinationStream };
};

const key = Symbol.for("rueda.log");
const store = globalThis as typeof globalThis & { [key]?: LogState };

function state(): LogState {
  const known = store[key];
  if (known) return known;
  const sink: LogState["sink"] = { target: pino.destination({ dest: 1, sync: true }) };
  const root = pino(
    {
      level: getEnv().LOG_LEVEL,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      hooks: {
        // Free text is scrubbed too: a message built from a value the caller should not have passed.
        logMethod(args, method) {
          for (let i = 0; i < args.length; i++) {
            const arg: unknown = args[i];
            if (typeof arg === "string") args[i] = scrubText(arg);
          }
          return method.apply(this, args as Parameters<typeof method>);
        },
      },
    },
    { write: (line: string) => sink.target.write(line) },
  );
  const created: LogState = { root, scope: new AsyncLocalStorage(), sink };
  store[key] = created;
  return created;
}

/** The logger to write with now: the request's (with its `reqId`) inside one, else the process's. */
export function log(): Logger {
  const current = state();
  return current.scope.getStore()?.log ?? current.root;
}

/** The process's root logger (the request middleware derives each request's child from it). */
export function rootLogger(): Logger {
  return state().root;
}

/** Names the process on every later line (`proc`: web, worker, release, …). */
export function nameProcess(name: string): void {
  state().root.setBindings({ proc: name });
}

/** Runs `fn` (and everything it starts) as part of one request. */
export function withRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return state().scope.run(scope, fn);
}

/** Sends lines somewhere else (tests capture them); `null` restores stdout. */
export function setLogDestination(target: DestinationStream | null): void {
  state().sink.target = target ?? pino.destination({ dest: 1, sync: true });
}
