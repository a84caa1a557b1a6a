import type { LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "~/modules/api/openapi";
import { apiOperations } from "~/modules/api/registry";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { appToday } from "~/modules/time/calendar";
import { getEnv } from "~/utils/env.server";

let cached: { day: string; text: string } | undefined;

/**
 * The OpenAPI 3.1 document, generated from the operations' zod schemas once per process and day
 * (an example date must not be in the future, nor too far in the past).
 */
export function loader(_: LoaderFunctionArgs) {
  const day = appToday();
  if (cached?.day !== day) {
    const english = getFixedT("en");
    cached = { day, text: JSON.stringify(openApiDocument(apiOperations, getEnv().APP_URL, (key) => english(key))) };
  }
  const document = cached.text;
  return new Response(document, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
