import type { LoaderFunctionArgs } from "@remix-run/node";
import { translationsFile } from "~/modules/i18n/i18n.server";
import { isLanguage } from "~/modules/i18n/languages";

/**
 * A language's translations for the browser (docs/architecture.md#translations). The name
 * carries the content's hash: the current file is cached for good; a page rendered by another
 * build gets this build's file, not to be kept.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const [, language, hash] = /^([a-z]{2})\.([0-9a-f]+)\.json$/.exec(params.file ?? "") ?? [];
  if (!isLanguage(language)) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const file = translationsFile(language);
  return new Response(file.body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": hash === file.hash ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
