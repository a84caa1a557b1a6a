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
import { requestScope, rootLogger, withRequestScope } from "~/utils/log.server";
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

const quiet = (path: string) => path === "/healthz" || path === "/metrics";

/**
 * The middleware to mount first: request id, request scope (its lines carry `reqId`), and when the
 * answer is sent or the client leaves, one access line and one observation in the duration
 * histogram. Written here on pino itself rather than with pino-http, which made two child loggers
 * and an object per request that nothing read: that was most of the logging's cost per request
 * (docs/operations.md#logs).
 */
export function observeRequests(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = requestIdFor(req.headers["x-request-id"]);
    res.setHeader("X-Request-Id", id);
    const bytesAtStart = req.socket?.bytesWritten;
    const started = process.hrtime.bigint();
    // The request's span when traces are on (docs/operations.md#traces); undefined otherwise.
    const span = trace.getActiveSpan();
    span?.setAttribute("rueda.request_id", id);
    const done = () => {
      res.off("finish", done);
      res.off("close", done);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const method = KNOWN_METHODS.has(req.method) ? req.method : "other";
      const route = routeLabel(req, res);
      const status = res.statusCode;
      recordRequest({ method, route, status, seconds });
      span?.setAttribute("http.route", route);
      span?.updateName(`${method} ${route}`);
      const path = loggablePath(req.originalUrl);
      const level = status >= 500 ? "error" : status < 400 && quiet(path) ? "debug" : "info";
      const logger = rootLogger();
      if (!logger.isLevelEnabled(level)) return;
      const written = req.socket?.bytesWritten;
      logger[level](
        {
          reqId: id,
          method: req.method,
          path,
          route,
          status,
          ms: Math.round(seconds * 1000),
          bytes: bytesAtStart === undefined || written === undefined ? undefined : written - bytesAtStart,
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        `${req.method} ${path} ${status}`,
      );
    };
    res.on("finish", done);
    res.on("close", done);
    withRequestScope(requestScope(id), next);
  };
}
