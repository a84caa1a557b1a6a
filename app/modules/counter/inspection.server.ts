import { and, asc, eq } from "drizzle-orm";
import { bookingScope } from "~/modules/access/booking-scope.server";
import { storeImage } from "~/modules/images/images.server";
import { keyFromMediaPath } from "~/modules/images/media-url";
import { processImage, type ImageRefusal } from "~/modules/images/process.server";
import { getDb, schema, type Executor } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { inspectionMessages, type DamageMark, type InspectionPhase } from "./inspection";

const { bookings, images, rentalDamageMarks, rentalPhotos } = schema;

/** A photo as stored: 1280×960, fitted whole (a damage at the edge of the picture is not cut off). */
const PHOTO_SIZE = { width: 1280, height: 960, fit: "contain" } as const;

type ProcessedPhoto = { webp: Buffer; width: number; height: number };

/** What an inspection saves: the photos already judged and re-encoded, and the marks. */
export type InspectionInput = { photos: ProcessedPhoto[]; marks: DamageMark[] };

const refusalMessages: Record<ImageRefusal, string> = {
  empty: inspectionMessages.photoNotImage,
  notImage: inspectionMessages.photoNotImage,
  tooLarge: inspectionMessages.photoTooLarge,
  tooManyPixels: inspectionMessages.photoTooManyPixels,
  busy: inspectionMessages.photoBusy,
};

/**
 * Judges each uploaded photo by its content and re-encodes it (docs/security.md#uploads), one at
 * a time (the decode slots are few). The first refusal is the form's message for the field.
 */
export async function processInspectionPhotos(
  files: File[],
): Promise<{ ok: true; photos: ProcessedPhoto[] } | { ok: false; message: string }> {
  const photos: ProcessedPhoto[] = [];
  for (const file of files) {
    const processed = await processImage(new Uint8Array(await file.arrayBuffer()), PHOTO_SIZE);
    if (!processed.ok) return { ok: false, message: refusalMessages[processed.reason] };
    photos.push({ webp: processed.webp, width: processed.width, height: processed.height });
  }
  return { ok: true, photos };
}

/**
 * Saves the inspection of the rental of `bookingId` at `phase` (docs/domain.md#inspection), in the
 * caller's transaction, which wrote (pick-up) or locked (return) the rental record: photos are
 * stored like every image and linked to the rental, marks are added. `by` is the staff member.
 */
export async function saveInspection(
  tx: Executor,
  bookingId: number,
  phase: InspectionPhase,
  { photos, marks }: InspectionInput,
  by: number,
): Promise<void> {
  for (const photo of photos) {
    const image = await storeImage(tx, photo.webp, photo);
    await tx.insert(rentalPhotos).values({ bookingId, phase, image, createdBy: by });
  }
  if (marks.length)
    await tx.insert(rentalDamageMarks).values(marks.map((mark) => ({ ...mark, bookingId, phase, createdBy: by })));
}

export type InspectionView = { photoIds: number[]; marks: DamageMark[] };

/** Both inspections of a booking's rental (empty before the pick-up), photos and marks in the order taken. */
export async function inspectionOf(
  executor: Executor,
  bookingId: number,
): Promise<Record<InspectionPhase, InspectionView>> {
  const [photos, marks] = await Promise.all([
    executor
      .select({ id: rentalPhotos.id, phase: rentalPhotos.phase })
      .from(rentalPhotos)
      .where(eq(rentalPhotos.bookingId, bookingId))
      .orderBy(asc(rentalPhotos.id)),
    executor
      .select({
        phase: rentalDamageMarks.phase,
        area: rentalDamageMarks.area,
        kind: rentalDamageMarks.kind,
        note: rentalDamageMarks.note,
        x: rentalDamageMarks.x,
        y: rentalDamageMarks.y,
      })
      .from(rentalDamageMarks)
      .where(eq(rentalDamageMarks.bookingId, bookingId))
      .orderBy(asc(rentalDamageMarks.id)),
  ]);
  const view = (phase: InspectionPhase): InspectionView => ({
    photoIds: photos.filter((p) => p.phase === phase).map((p) => p.id),
    marks: marks.filter((m) => m.phase === phase).map(({ phase: _, ...mark }) => mark),
  });
  return { out: view("out"), in: view("in") };
}

/**
 * An inspection photo's bytes for `user`, within the booking page's scope (its driver, its
 * supplier's staff, admins: docs/security.md#uploads); null for anyone else, as for a missing one.
 */
export async function rentalPhotoFor(
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  photoId: number,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ image: rentalPhotos.image })
    .from(rentalPhotos)
    .innerJoin(bookings, eq(bookings.id, rentalPhotos.bookingId))
    .where(and(eq(rentalPhotos.id, photoId), bookingScope(user)));
  const key = row ? keyFromMediaPath(row.image) : null;
  if (!key) return null;
  const [image] = await db
    .select({ contentType: images.contentType, bytes: images.bytes })
    .from(images)
    .where(eq(images.key, key));
  return image ?? null;
}
