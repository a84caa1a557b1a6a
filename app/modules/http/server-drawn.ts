import type { AppLoadContext } from "@remix-run/node";
import { createContext, useContext } from "react";

/*
 * Markup the server draws that the browser never redraws from data: a page's document carries
 * it as HTML once, not again as the loader data React hydrates from. A search's result cards
 * are plain HTML (links, no handlers), so the first page's cards stay as the server drew them
 * and their 15 cards' data (about 7 KB of the results page) is not sent twice
 * (docs/architecture.md#budgets). A data request (a client navigation: `?_data`) still answers
 * with the data, which the browser draws from as before.
 */

const DRAWN = Symbol("rueda.serverDrawn");
type Holder = { [DRAWN]?: Record<string, unknown> };

/**
 * In a loader: `value` as the page's data, or null when this request renders a document, which
 * then draws it from the request's context (entry.server.tsx) and leaves it out of the data.
 */
export function drawnOnServer<T>(context: AppLoadContext, key: string, value: T): T | null {
  if (!context.document) return value;
  const holder = context as Holder;
  (holder[DRAWN] ??= {})[key] = value;
  return null;
}

/** What the request's loaders kept for its document's render (entry.server.tsx). */
export function serverDrawn(context: AppLoadContext): Record<string, unknown> | undefined {
  return (context as Holder)[DRAWN];
}

export const ServerDrawnContext = createContext<Record<string, unknown> | undefined>(undefined);

/**
 * The value a loader sent, else the one it kept for the server's render: null in the browser
 * while it hydrates a document, where the markup is already there.
 */
export function useServerDrawn<T>(key: string, sent: T | null): T | null {
  const drawn = useContext(ServerDrawnContext);
  return sent ?? (drawn?.[key] as T | undefined) ?? null;
}
