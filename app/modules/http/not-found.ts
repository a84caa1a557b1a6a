/** The 404 of something missing or outside the caller's scope: the two answer the same (docs/security.md#back-office). */
export const notFound = () => new Response(null, { status: 404 });

/** The booking id of a booking page's address (`?b=<id>`); anything but a positive whole number is a 404. */
export function bookingIdParam(request: Request): number {
  const id = Number(new URL(request.url).searchParams.get("b"));
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}
