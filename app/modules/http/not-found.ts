import { rowIdParam } from "~/utils/row-id";

/** The 404 of something missing or outside the caller's scope: the two answer the same (docs/security.md#back-office). */
export const notFound = () => new Response(null, { status: 404 });

/** An id the address names (a path parameter, a query's), by the one rule of ids (docs/security.md#ids); anything else is a 404. */
export function idOrNotFound(value: string | null | undefined): number {
  const id = rowIdParam(value);
  if (id === null) throw notFound();
  return id;
}

/** The booking id of a booking page's address (`?b=<id>`). */
export function bookingIdParam(request: Request): number {
  return idOrNotFound(new URL(request.url).searchParams.get("b"));
}
