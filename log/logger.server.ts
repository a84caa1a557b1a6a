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
import { getEnv } from "../config/env";

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

const SENSITIVE = new Set(SENSITIVE_KEYS);
/** How deep a sensitive key is still blanked: `email`, `user.email`, `req.headers.cookie`. */
const REDACT_DEPTH = 3;
const CENSOR = "[redacted]";

/**
 * `value` with every sensitive key in its first three levels replaced by `[redacted]`, as pino's
 * redact paths `key`, `*.key` and `*.*.key` would. Copies only the objects it changes (an error
 * keeps its prototype, so pino's serializer still reads its stack); the caller's object is left
 * as it was. One walk per line: pino's own redaction re-reads its paths for every field of every
 * line, which cost more than the rest of a request's logging (docs/operations.md#logs).
 */
export function redactSensitive<T>(value: T, depth = REDACT_DEPTH): T {
  if (depth === 0 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const redacted = redactSensitive(item, depth - 1);
      if (redacted !== item) (copy ??= [...(value as unknown[])])[i] = redacted;
    }
    return (copy ?? value) as T;
  }
  let copy: Record<string, unknown> | null = null;
  const source = value as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const item = source[key];
    const redacted = SENSITIVE.has(key) ? CENSOR : redactSensitive(item, depth - 1);
    if (redacted === item) continue;
    copy ??= Object.create(Object.getPrototypeOf(source), Object.getOwnPropertyDescriptors(source)) as Record<
      string,
      unknown
    >;
    Object.defineProperty(copy, key, { value: redacted, enumerable: true, writable: true, configurable: true });
  }
  return (copy ?? value) as T;
}

/** An email address, or a phone number written with its country code (as the app stores them). */
const PERSONAL_PATTERN = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+\d[\d ()-]{6,18}\d/g;

/** A message with any email address or international phone number replaced. */
export function scrubText(text: string): string {
  return text.replace(PERSONAL_PATTERN, "[redacted]");
}

/** What a request's lines share: its id and its child logger. */
export type RequestScope = { id: string; readonly log: Logger };

/** A request's scope; its child logger is made when the request first writes a line, most never do. */
export function requestScope(id: string): RequestScope {
  let child: Logger | undefined;
  return {
    id,
    get log() {
      return (child ??= state().root.child({ reqId: id }));
    },
  };
}

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
      // The bindings of a child logger (a request's `reqId`) and every line's fields.
      formatters: {
        level: (label) => ({ level: label }),
        bindings: (bindings) => redactSensitive(bindings),
        log: (fields) => redactSensitive(fields),
      },
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
