import { ApiError } from "./errors";

/*
 * The spec's account calls name the account by id. A caller may only name their own: in a
 * path another id is a 404 (as if there were no such account), in a body a 403. Nothing is
 * read or changed before this check.
 */
export function requireOwnPathId(user: { id: number }, id: number): void {
  if (id !== user.id) throw new ApiError(404);
}

/** `ids`: the body's `id` and `_id` (the reference client's name); each one sent must be the caller's. */
export function requireOwnBodyId(user: { id: number }, ...ids: Array<number | undefined>): void {
  if (ids.some((id) => id !== undefined && id !== user.id)) throw new ApiError(403);
}
