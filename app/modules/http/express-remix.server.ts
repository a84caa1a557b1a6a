import {
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { takeDocumentBody } from "./document-body.server";
import { remixRouteId } from "./observe.server";
import { plainAnswer } from "./plain-pages.server";
import { readCappedBody } from "./request-body.server";

/** The URL Remix sees, built as @remix-run/express builds it (host and port honour "trust proxy"). */
function requestUrl(req: ExpressRequest): URL {
  const forwardedPort = Number.parseInt(req.get("X-Forwarded-Host")?.split(":")[1] ?? "", 10);
  const hostPort = Number.parseInt(req.get("host")?.split(":")[1] ?? "", 10);
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : null;
  return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}

function remixHeaders(incoming: ExpressRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value) headers.set(name, value);
  }
  return headers;
}

/** Writes Remix's response; a page's HTML (`html`) is written at once, a HEAD's never. */
async function sendResponse(res: ExpressResponse, response: Response, html: Buffer | undefined) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (html && !response.body && res.req.method !== "HEAD") res.end(html);
  else if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/** What a refused request may still send, thrown away, so an ordinary client reads its 413. */
const DISCARD_BYTES = 32 * 1024 * 1024;

/**
 * Reads and drops the rest of a refused body (so the client, still sending, is not reset
 * before it reads the answer) up to DISCARD_BYTES; a body that goes on past that, such as
 * an endless chunked upload, has its connection closed.
 */
function discardRest(req: ExpressRequest) {
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > DISCARD_BYTES) req.destroy();
  });
  req.resume();
}

/**
 * Express → Remix, like @remix-run/express's handler, except for the body: it is read
 * here under the caps of docs/security.md#request-bodies before any action sees it, so
 * a chunked or mislabelled upload cannot grow without limit, and a refused body gets a
 * translated 413/400 page instead of failing inside an action.
 */
export function createRemixHandler({
  build,
  mode,
  getLoadContext,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => Promise<AppLoadContext>;
}) {
  const handleRequest = createRequestHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const url = requestUrl(req);
      // The route that answers names the request in the access log and the metrics (docs/operations.md#metrics).
      res.locals.route = remixRouteId((typeof build === "function" ? await build() : build).routes, url.pathname);
      let body: Uint8Array<ArrayBuffer> | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const length = req.headers["content-length"];
        // Stopping early must not destroy the stream: the client still gets its answer.
        const verdict = await readCappedBody(req.iterator({ destroyOnReturn: false }), {
          contentType: req.headers["content-type"] ?? "",
          contentLength: length === undefined ? null : Number(length),
        });
        if (!verdict.ok) {
          discardRest(req);
          const answer = plainAnswer(verdict.status === 413 ? "tooLarge" : "badRequest", {
            cookieHeader: req.headers.cookie ?? null,
            acceptLanguage: req.get("Accept-Language") ?? null,
            url,
          });
          res.status(verdict.status).type(answer.type).send(answer.body);
          return;
        }
        body = new Uint8Array(verdict.body);
      }
      // Loaders and actions stop waiting once nobody can receive their answer.
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = new Request(url.href, {
        method: req.method,
        headers: remixHeaders(req.headers),
        body,
        signal: controller.signal,
      });
      const context = await getLoadContext(req, res);
      const response = await handleRequest(request, context);
      await sendResponse(res, response, takeDocumentBody(context));
    } catch (error) {
      next(error);
    }
  };
}
