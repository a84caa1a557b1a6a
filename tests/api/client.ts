import path from "node:path";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import { buildLoadContext } from "~/modules/http/load-context.server";
import { hashPassword } from "~/modules/user/password.server";
import { issueApiToken } from "~/utils/api-tokens.server";
import { getDb } from "~/utils/db.server";
import { createUser } from "../factories";

/*
 * The API in-process: Remix's own request handler (route matching, param decoding, loader vs.
 * action, HEAD) over the app's `api.*` resource routes, with the load context the server builds
 * (bearer token or session cookie). The Express guards in front (body caps, cross-site check)
 * are covered over HTTP by tests/e2e/api.spec.ts.
 */
const appDirectory = path.resolve(__dirname, "../../app");
const routeModules = import.meta.glob<Record<string, unknown>>("../../app/routes/api.*.tsx", { eager: true });

/**
 * The app's routes whose module `moduleOf` gives (by the route file's path under app/), for a build
 * without the root's layout. Flat routes nest `api.a.$id.$x` under `api.a.$id` with a relative
 * path; here every route hangs from the root with its full path (only the leaf answers a resource
 * or data request anyway).
 */
export function routesFromRoot(moduleOf: (file: string) => Record<string, unknown> | undefined) {
  const manifest = flatRoutes(appDirectory, [], "routes");
  const fullPath = (id: string | undefined): string => {
    const route = id ? manifest[id] : undefined;
    if (!route || route.id === "root") return "";
    return [fullPath(route.parentId), route.path ?? ""].filter(Boolean).join("/");
  };
  const routes: ServerBuild["routes"] = {};
  for (const route of Object.values(manifest)) {
    const module = moduleOf(route.file);
    if (!module) continue;
    routes[route.id] = {
      id: route.id,
      parentId: "root",
      path: fullPath(route.id),
      index: route.index,
      caseSensitive: false,
      module: module as never,
    };
  }
  return routes;
}

export function apiBuild(): ServerBuild {
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: {} as ServerBuild["routes"][string]["module"] },
    ...routesFromRoot((file) => {
      const module = routeModules[`../../app/${file}`];
      // Resource routes only: a page under /api (the reference) renders through the whole app.
      return module && !("default" in module) ? module : undefined;
    }),
  };
  return {
    mode: "production",
    entry: {
      module: { default: () => new Response("not an API route", { status: 500 }), handleError: () => {} } as never,
    },
    routes,
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" } as never,
    publicPath: "/",
    assetsBuildDirectory: "",
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_singleFetch: false,
      v3_lazyRouteDiscovery: false,
      v3_routeConfig: true,
    } as never,
    isSpaMode: false,
    basename: undefined,
  } as ServerBuild;
}

export type ApiRequestInit = Omit<RequestInit, "body"> & {
  /** A bearer token for `Authorization`. */
  token?: string;
  /** A JSON body (sets Content-Type). */
  json?: unknown;
  body?: BodyInit;
  /** The client address the rate limits count (each test may use its own). */
  ip?: string;
};

export type ApiClient = (pathAndQuery: string, init?: ApiRequestInit) => Promise<Response>;

export function createApiClient(defaults: { ip?: string } = {}): ApiClient {
  const handle = createRequestHandler(apiBuild(), "production");
  return async (pathAndQuery, { token, json, ip, headers: given, body, ...init } = {}) => {
    const headers = new Headers(given);
    if (token) headers.set("Authorization", `Bearer ${token}`);
    if (json !== undefined) headers.set("Content-Type", "application/json");
    const url = new URL(pathAndQuery, "http://rueda.test");
    const request = new Request(url, { ...init, headers, body: json !== undefined ? JSON.stringify(json) : body });
    const { context } = await buildLoadContext({
      url,
      cookieHeader: headers.get("Cookie"),
      authorization: headers.get("Authorization"),
      nonce: "",
      ip: ip ?? defaults.ip ?? "198.51.100.1",
    });
    return handle(request, context);
  };
}

export const FIXTURE_PASSWORD = "secret1";

/** An activated account with a known password and a bearer token. */
export async function signedInUser(values: Parameters<typeof createUser>[1] = {}) {
  const db = await getDb();
  const user = await createUser(db, { passwordHash: await hashPassword(FIXTURE_PASSWORD), language: "en", ...values });
  const { token } = await issueApiToken(user.id);
  return { user, token, password: FIXTURE_PASSWORD };
}

/** The `Set-Cookie` value of the session cookie in a response, as a `Cookie` header. */
export function sessionCookieOf(response: Response): string | null {
  const match = /(?:^|,\s*)(__session=[^;]*)/.exec(response.headers.get("Set-Cookie") ?? "");
  return match ? match[1] : null;
}
