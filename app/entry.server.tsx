import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceContext, TranslationsHrefContext } from "~/components/nonce";
import { resourcesFor, translationsFile } from "~/modules/i18n/i18n.server";
import { TranslationProvider } from "~/modules/i18n/react";
import { loggableUrl } from "~/modules/http/api-paths";
import { documentResponse } from "~/modules/http/document-body.server";
import { ServerDrawnContext, serverDrawn } from "~/modules/http/server-drawn";
import { logError } from "~/utils/log.server";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce, language } = loadContext;
  const resources = resourcesFor(language);
  // Nothing on these pages streams (no deferred data, no single fetch: ADR 0006), so the page is
  // rendered to one string: cheaper than a stream that encodes every small chunk of markup.
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <TranslationsHrefContext.Provider value={translationsFile(language).href}>
        <TranslationProvider language={language} resources={resources}>
          <ServerDrawnContext.Provider value={serverDrawn(loadContext)}>
            <RemixServer context={remixContext} url={request.url} nonce={nonce} />
          </ServerDrawnContext.Provider>
        </TranslationProvider>
      </TranslationsHrefContext.Provider>
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A Buffer, not a string: a string body is first scanned for lone surrogates, then encoded.
  return documentResponse(loadContext, Buffer.from(`<!DOCTYPE html>${html}`), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests and 4xx answers (wrong method, not found) are not server faults.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  // The path without its query (a reset link's token), and no values (docs/security.md#error-logs).
  logError(`page ${request.method} ${loggableUrl(new URL(request.url).pathname)}`, error);
}
