import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import { createRemixHandler } from "~/modules/http/express-remix.server";
import { buildLoadContext } from "~/modules/http/load-context.server";
import { logError } from "../log/error-log";

/**
 * Serves `build` over HTTP on a free local port as server.ts does: no query parsing, what `before`
 * mounts first, then the server's Express-to-Remix handler with the load context it builds (session
 * cookie, bearer token; every request from `ip`), and its last handler (a thrown error is logged and
 * is a 500). `close` stops it.
 */
export function serveBuild(
  build: ServerBuild,
  { ip, before }: { ip: string; before?: (app: Express) => void },
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  // As server.ts: set before the first `app.use`, when Express reads it.
  app.set("query parser", false);
  before?.(app);
  app.all(
    "*",
    createRemixHandler({
      build,
      mode: "production",
      getLoadContext: async (req) => {
        const { context } = await buildLoadContext({
          url: new URL(req.originalUrl, "http://rueda.test"),
          cookieHeader: req.headers.cookie ?? null,
          authorization: req.headers.authorization ?? null,
          nonce: "",
          ip,
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
