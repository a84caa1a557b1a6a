/*
 * Optional error reporting (Sentry) and traces (OpenTelemetry), each loaded only when its variable
 * is set (docs/operations.md#error-reporting, docs/operations.md#traces): without them this module
 * loads nothing else. The packages are required synchronously, so a process entry that calls
 * `startTelemetry` first has them in place before it imports the rest of the app.
 *
 * Neither sees personal data: Sentry gets the same summary as the log line (error-log.ts: the
 * error's name and message without query values, and its frames), with request details,
 * breadcrumbs' query strings and user fields removed; spans carry paths without query strings.
 */
import { createRequire } from "node:module";
import { getEnv } from "../../../config/env";
import { errorFrames, errorHeadline, log, scrubText, setErrorReporter } from "~/utils/log.server";
import { loggableUrl } from "./api-paths";

const require = createRequire(import.meta.url);
let started = false;

/** A URL or path as a span or report may carry it: no query string, no check-password secret. */
export function traceableUrl(url: string): string {
  const match = /^([a-z]+:\/\/[^/?#]*)?([^?#]*)/i.exec(url);
  return `${match?.[1] ?? ""}${loggableUrl(match?.[2] ?? "")}`;
}

/** An error holding only what a log line may hold (docs/security.md#error-logs). */
export function reportableError(error: unknown): Error {
  const headline = errorHeadline(error);
  const safe = new Error(headline);
  safe.name = error instanceof Error ? error.name : "Error";
  safe.stack = [`${safe.name}: ${headline}`, ...errorFrames(error).map((frame) => `    ${frame}`)].join("\n");
  return safe;
}

type SentryEvent = import("@sentry/node-core").ErrorEvent;
type Breadcrumb = import("@sentry/node-core").Breadcrumb;

/** What Sentry may keep of an event: exception texts scrubbed, no request details, no user but its id. */
export function scrubEvent(event: SentryEvent): SentryEvent {
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value.split("\n")[0] ?? "");
    if (exception.value && /failed query|params:|insert into|select .* from/i.test(exception.value))
      exception.value = "database query failed";
  }
  if (event.message) event.message = scrubText(event.message);
  if (event.request) {
    event.request = {
      method: event.request.method,
      url: event.request.url ? traceableUrl(event.request.url) : undefined,
    };
  }
  event.user = event.user?.id ? { id: event.user.id } : undefined;
  delete event.extra;
  return event;
}

function scrubBreadcrumb(crumb: Breadcrumb): Breadcrumb | null {
  // Console lines are not breadcrumbs: the logger writes what may be kept.
  if (crumb.category === "console") return null;
  if (typeof crumb.data?.url === "string") crumb.data.url = traceableUrl(crumb.data.url);
  if (crumb.message) crumb.message = scrubText(crumb.message);
  return crumb;
}

function startSentry(dsn: string, service: string) {
  const Sentry = require("@sentry/node-core") as typeof import("@sentry/node-core");
  const env = getEnv();
  Sentry.init({
    dsn,
    environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
    serverName: service,
    sendDefaultPii: false,
    includeLocalVariables: false,
    // No source lines around frames and no local variables: only what the log line holds.
    integrations: (defaults) =>
      defaults.filter((integration) => !/^(ContextLines|LocalVariables)/.test(integration.name)),
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
  });
  setErrorReporter((where, error) => {
    Sentry.captureException(reportableError(error), { tags: { op: where } });
  });
}

/** Span attributes that would carry a query string (a reset link's token), overridden. */
function withoutQuery(url: string) {
  const path = traceableUrl(url);
  return { "http.target": path, "url.path": path, "url.query": "", "http.url": path, "url.full": path };
}

function startTraces(endpoint: string, service: string) {
  const { NodeTracerProvider } =
    require("@opentelemetry/sdk-trace-node") as typeof import("@opentelemetry/sdk-trace-node");
  const { BatchSpanProcessor } =
    require("@opentelemetry/sdk-trace-base") as typeof import("@opentelemetry/sdk-trace-base");
  const { OTLPTraceExporter } =
    require("@opentelemetry/exporter-trace-otlp-http") as typeof import("@opentelemetry/exporter-trace-otlp-http");
  const { resourceFromAttributes } = require("@opentelemetry/resources") as typeof import("@opentelemetry/resources");
  const { registerInstrumentations } =
    require("@opentelemetry/instrumentation") as typeof import("@opentelemetry/instrumentation");
  const { HttpInstrumentation } =
    require("@opentelemetry/instrumentation-http") as typeof import("@opentelemetry/instrumentation-http");
  const { UndiciInstrumentation } =
    require("@opentelemetry/instrumentation-undici") as typeof import("@opentelemetry/instrumentation-undici");

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": getEnv().OTEL_SERVICE_NAME, "service.instance.role": service }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, "")}/v1/traces` })),
    ],
  });
  provider.register();
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => request.url === "/healthz" || request.url === "/metrics",
        // Overrides the attributes that would carry the query string (a reset link's token).
        startIncomingSpanHook: (request) => withoutQuery(request.url ?? ""),
        startOutgoingSpanHook: (request) => withoutQuery(request.path ?? ""),
      }),
      new UndiciInstrumentation({
        startSpanHook: (request) => ({
          ...withoutQuery(request.path),
          "url.full": traceableUrl(`${request.origin}${request.path}`),
        }),
      }),
    ],
  });
  // The http module is patched when it is next required: now, before the server is made.
  require("node:http");
  require("node:https");
  const stop = () => void provider.shutdown().catch(() => {});
  process.once("beforeExit", stop);
}

/**
 * Starts error reporting and traces for this process (`web`, `worker`), each only when its
 * variable is set. Call it first in a process entry, before the app is imported.
 */
export function startTelemetry(service: string): void {
  if (started) return;
  started = true;
  const env = getEnv();
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    startTraces(env.OTEL_EXPORTER_OTLP_ENDPOINT, service);
    log().info({ op: "telemetry" }, "traces: exported over OTLP/HTTP");
  }
  if (env.SENTRY_DSN) {
    startSentry(env.SENTRY_DSN, service);
    log().info({ op: "telemetry" }, "error reporting: Sentry");
  }
}
