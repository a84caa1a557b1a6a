/*
 * What every request leaves behind (docs/operations.md#logs, docs/operations.md#metrics): a request
 * id (echoed as `X-Request-Id`, on every log line written while serving it), one access log line,
 * and one observation in the request duration histogram. Mounted first, so even a refused or
 * failed request is counted.
 */
import crypto from "node:crypto";
import { trace } from "@opentelemetry/api";
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { pinoHttp } from "pino-http";
import { rootLogger, withRequestScope } from "~/utils/logger.server";
import { loggableUrl } from "./api-paths";
import { recordRequest } from "./metrics.server";

/** An incoming id is kept only if it is a short token (a proxy's or a client's), else a fresh one is made. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const MAX_LOGGED_PATH = 200;

export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/** The path as it may be logged: no query string (reset tokens), no check-password secret, bounded. */
export function loggablePath(originalUrl: string): string {
  const path = loggableUrl(originalUrl.split(/[?#]/, 1)[0] ?? "");
  return path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path;
}

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The `route` label: the Remix route that answered (set by the Remix handler), or a fixed name
 * for what Express answers itself. Never the raw path, so the series stay bounded.
 */
export function routeLabel(req: Request, res: Response): string {
  if (typeof res.locals.route === "string") return res.locals.route;
  const path = req.originalUrl.split(/[?#]/, 1)[0] ?? "";
  if (path === "/healthz" || path === "/status" || path === "/metrics") return path.slice(1);
  if (path.startsWith("/assets/")) return "assets";
  if (path.includes(".")) return "static";
  return "express";
}

type BuildRoutes = ServerBuild["routes"];
const routeTrees = new WeakMap<BuildRoutes, AgnosticRouteObject[]>();

/** The build's flat route manifest as the nested list the router matches (made once per build). */
function routeTree(routes: BuildRoutes): AgnosticRouteObject[] {
  const known = routeTrees.get(routes);
  if (known) return known;
  const childrenOf = (parentId: string | undefined): AgnosticRouteObject[] =>
    Object.values(routes)
      .filter((route) => route && route.parentId === parentId)
      .map((route) => {
        const children = childrenOf(route!.id);
        return route!.index
          ? { id: route!.id, path: route!.path, index: true as const, caseSensitive: route!.caseSensitive }
          : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children };
      });
  const tree = childrenOf(undefined);
  routeTrees.set(routes, tree);
  return tree;
}

/** The id of the deepest Remix route matching a path (`routes/cars.$id`), or "unmatched". */
export function remixRouteId(routes: BuildRoutes, pathname: string): string {
  const matches = matchRoutes(routeTree(routes), pathname);
  return matches?.[matches.length - 1]?.route.id ?? "unmatched";
}

/** Bytes sent on the connection since the request began (headers included, after compression). */
const bytesAtStart = Symbol("bytesAtStart");
type Counted = Response & { [bytesAtStart]?: number };

function accessFields(req: Request, res: Response, ms: number) {
  const start = (res as Counted)[bytesAtStart];
  const written = req.socket?.bytesWritten;
  return {
    method: req.method,
    path: loggablePath(req.originalUrl),
    route: routeLabel(req, res),
    status: res.statusCode,
    ms,
    bytes: start === undefined || written === undefined ? undefined : written - start,
    ...(res.writableFinished ? {} : { aborted: true }),
  };
}

const quiet = (req: Request) => {
  const path = req.originalUrl;
  return path === "/healthz" || path === "/metrics";
};

/** The middlewares to mount first: request id and access log (pino-http), request scope, duration histogram. */
export function observeRequests(): RequestHandler[] {
  const httpLog = pinoHttp({
    logger: rootLogger(),
    genReqId: (req, res) => {
      const id = requestIdFor(req.headers["x-request-id"]);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // Only `reqId` is bound to the request's logger: no headers, no query string.
    quietReqLogger: true,
    quietResLogger: true,
    wrapSerializers: false,
    serializers: { req: (req: Request) => ({ method: req.method }) },
    customLogLevel: (req, res, error) =>
      error || res.statusCode >= 500 ? "error" : res.statusCode < 400 && quiet(req as Request) ? "debug" : "info",
    customSuccessObject: (req, res, base) =>
      accessFields(req as Request, res as Response, (base as { responseTime: number }).responseTime),
    customErrorObject: (req, res, _error, base) =>
      accessFields(req as Request, res as Response, (base as { responseTime: number }).responseTime),
    customSuccessMessage: (req, res) => `${req.method} ${loggablePath((req as Request).originalUrl)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${loggablePath((req as Request).originalUrl)} ${res.statusCode}`,
  });

  const scope = (req: Request, res: Response, next: NextFunction) => {
    (res as Counted)[bytesAtStart] = req.socket?.bytesWritten;
    const started = process.hrtime.bigint();
    // The request's span when traces are on (docs/operations.md#traces); undefined otherwise.
    const span = trace.getActiveSpan();
    span?.setAttribute("rueda.request_id", String(req.id));
    res.on("finish", () => {
      const method = KNOWN_METHODS.has(req.method) ? req.method : "other";
      const route = routeLabel(req, res);
      recordRequest({
        method,
        route,
        status: res.statusCode,
        seconds: Number(process.hrtime.bigint() - started) / 1e9,
      });
      span?.setAttribute("http.route", route);
      span?.updateName(`${method} ${route}`);
    });
    withRequestScope({ id: String(req.id), log: req.log }, next);
  };

  return [httpLog as unknown as RequestHandler, scope as RequestHandler];
}
