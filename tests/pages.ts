import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import express, { type NextFunction, type Request, type Response } from "express";
import { createRemixHandler } from "~/modules/http/express-remix.server";
import { buildLoadContext } from "~/modules/http/load-context.server";
import { logError } from "~/utils/error-log";
import { apiBuild } from "./api/client";

/*
 * The pages over HTTP in-process: the server's Express-to-Remix handler (the body caps and the
 * form guard of docs/security.md#request-bodies run in it) over the app's page routes, with the
 * load context the server builds (session cookie). Pages are asked for their data (`?_data=<route
 * id>`, what a browser with JavaScript asks), so nothing renders: a loader's or an action's answer
 * is what the test reads. A thrown error is a 500, as the server's last handler makes it.
 */
const appDirectory = path.resolve(__dirname, "../app");
const routeModules = import.meta.glob<Record<string, unknown>>(["../app/routes/*.tsx", "!../app/routes/api.*.tsx"], {
  eager: true,
});

function pagesBuild(): ServerBuild {
  const build = apiBuild();
  const manifest = flatRoutes(appDirectory, [], "routes");
  // As the API build: each route hangs from the root with its full path (the leaf alone answers a data request).
  const fullPath = (id: string | undefined): string => {
    const route = id ? manifest[id] : undefined;
    if (!route || route.id === "root") return "";
    return [fullPath(route.parentId), route.path ?? ""].filter(Boolean).join("/");
  };
  const routes: ServerBuild["routes"] = { root: build.routes.root };
  for (const route of Object.values(manifest)) {
    const module = routeModules[`../app/${route.file}`];
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
  return { ...build, routes };
}

/** The route id a page's data request names (`routes/contact` for /contact). */
export const dataOf = (routeFile: string) => `_data=${encodeURIComponent(`routes/${routeFile}`)}`;

/** Starts the pages on a free local port; `close` stops them. */
export function servePages(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.set("query parser", false);
  app.all(
    "*",
    createRemixHandler({
      build: pagesBuild(),
      mode: "production",
      getLoadContext: async (req) => {
        const { context } = await buildLoadContext({
          url: new URL(req.originalUrl, "http://rueda.test"),
          cookieHeader: req.headers.cookie ?? null,
          authorization: req.headers.authorization ?? null,
          nonce: "",
          ip: "198.51.100.92",
        });
        return context;
      },
    }),
  );
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logError(`http ${req.method} ${req.path}`, error);
    res.status(500).type("text").send("Internal Server Error");
  });
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}
