import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { getDb, schema, type Executor, type Transaction } from "~/utils/db.server";
import { keyFromMediaPath, mediaPath } from "./media-url";

const { images, users, cars, suppliers, rentalPhotos } = schema;

/** Every column that may hold a `/media/` path: an image is deleted only when none does. */
const imageReferences = [users.avatar, cars.image, suppliers.logo, rentalPhotos.image];

/** The SHA-256 of the bytes, in hex: the image's key and the name in its URL. */
export function contentKey(bytes: Uint8Array): string {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

/**
 * Stores a WebP picture in the database, where every web process reads it
 * (docs/operations.md#uploads), and returns its public path. The same bytes are one row.
 * On conflict the row is updated to itself rather than skipped: that locks it until the
 * caller's transaction ends, so a concurrent `deleteImageIfUnreferenced` leaves it alone
 * instead of deleting a picture this transaction is about to show.
 */
export async function storeImage(
  executor: Executor,
  webp: Buffer,
  { width, height }: { width: number; height: number },
): Promise<string> {
  const key = contentKey(webp);
  await executor
    .insert(images)
    .values({ key, contentType: "image/webp", bytes: webp, width, height })
    .onConflictDoUpdate({ target: images.key, set: { key: sql`excluded.key` } });
  return mediaPath(key);
}

/**
 * The stored image with this key for the public `/media/` route, or null. A rental's inspection
 * photo is not public: only its booking's people see it, through its own route (docs/security.md#uploads).
 */
export async function loadImage(key: string) {
  const db = await getDb();
  const [image] = await db
    .select({ contentType: images.contentType, bytes: images.bytes })
    .from(images)
    .where(
      and(
        eq(images.key, key),
        sql`not exists (select 1 from ${rentalPhotos} where ${rentalPhotos.image} = ${mediaPath(key)})`,
      ),
    );
  return image ?? null;
}

/**
 * Deletes the stored image at `path` when no column of `imageReferences` holds it any
 * more; any other path (a demo picture, none) is left alone. Called in the transaction
 * that dropped the reference, after dropping it.
 *
 * Two statements on purpose: the reference check takes its snapshot after the row lock,
 * so it sees what the lock's previous holder committed. A row locked at this moment is
 * being stored again (or deleted) by another transaction and is left to it: at worst an
 * unused row stays, never a shown picture goes.
 */
export async function deleteImageIfUnreferenced(tx: Transaction, path: string | null): Promise<void> {
  const key = path ? keyFromMediaPath(path) : null;
  if (!path || !key) return;
  const locked = await tx
    .select({ key: images.key })
    .from(images)
    .where(eq(images.key, key))
    .for("update", { skipLocked: true });
  if (!locked.length) return;
  await tx
    .delete(images)
    .where(
      and(
        eq(images.key, key),
        ...imageReferences.map((column) => sql`not exists (select 1 from ${column.table} where ${column} = ${path})`),
      ),
    );
}
