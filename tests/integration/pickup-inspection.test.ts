import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { rentalAgreement } from "~/modules/counter/agreement.server";
import { pickUp } from "~/modules/counter/pickup.server";
import { inspectionOf, processInspectionPhotos, rentalPhotoFor } from "~/modules/counter/inspection.server";
import { loader as photoLoader } from "~/routes/booking_.photo";
import { loader as mediaLoader } from "~/routes/media.$name";
import { schema } from "~/utils/db.server";
import { createUser } from "../factories";
import { pdfText } from "../pdf-text";
import { now, fx, pickupHooks, form } from "./fixtures/pickup";
import { who, photoFile } from "./fixtures/counter";

/* The inspection at pick-up (docs/domain.md#inspection): its photos, who may see them, and its marks. */

pickupHooks();

/** GET /booking/photo?p=<id> through the route's loader, as `user`; the status it answers. */
async function photoStatus(user: StaffUser, id: number) {
  const request = new Request(`http://rueda.test/booking/photo?p=${id}`);
  try {
    return ((await photoLoader({ request, params: {}, context: { user } as unknown as AppLoadContext })) as Response)
      .status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("the inspection at pick-up (docs/domain.md#inspection)", () => {
  it("saves the photos and marks, shows the photos only to the booking's people, and lists the marks in the agreement", async () => {
    const booking = await fx.book();
    const processed = await processInspectionPhotos([await photoFile("front.png"), await photoFile("side.jpg")]);
    if (!processed.ok) throw new Error(processed.message);
    const marks = [
      { area: "leftSide", kind: "dent", note: "Rear door, 5 cm", x: 330, y: 600 },
      { area: "interior", kind: "other", note: null, x: null, y: null },
    ] as const;
    expect(await pickUp(fx.staff, booking.id, form({ marks: [...marks] }), now, processed.photos)).toBe("pickedUp");

    const inspection = await inspectionOf(fx.db, booking.id);
    expect(inspection.out.marks).toEqual(marks);
    expect(inspection.out.photoIds).toHaveLength(2);
    expect(inspection.in).toEqual({ photoIds: [], marks: [] });

    const [first] = inspection.out.photoIds;
    for (const user of [fx.staff, fx.admin, fx.driver]) {
      expect((await rentalPhotoFor(user, first))?.contentType).toBe("image/webp");
      expect(await photoStatus(user, first)).toBe(200);
    }
    expect(await rentalPhotoFor(fx.otherStaff, first)).toBeNull();
    expect(await photoStatus(fx.otherStaff, first)).toBe(404);
    expect(await photoStatus(who(await createUser(fx.db)), first)).toBe(404);
    expect(await photoStatus(fx.staff, 0)).toBe(404);

    // Not public: the stored picture's own /media/ address answers 404 (docs/security.md#uploads).
    const [row] = await fx.db
      .select({ image: schema.rentalPhotos.image })
      .from(schema.rentalPhotos)
      .where(eq(schema.rentalPhotos.id, first));
    const name = row.image.replace("/media/", "");
    const media = (await mediaLoader({
      request: new Request(`http://rueda.test${row.image}`),
      params: { name },
      context: {} as AppLoadContext,
    })) as Response;
    expect(media.status).toBe(404);

    const text = await pdfText((await rentalAgreement(fx.driver, booking.id))!.pdf);
    expect(text).toContain("Inspection at pick-up");
    expect(text).toContain("1. Left side — Dent — Rear door, 5 cm");
    expect(text).toContain("2. Interior — Other");
    expect(text).toMatch(/Photos taken\s*2/);
  });

  it("refuses a file that is not a picture before anything is recorded", async () => {
    const text = new File(["not a picture"], "notes.png", { type: "image/png" });
    expect(await processInspectionPhotos([text])).toEqual({
      ok: false,
      message: "adminDashboard:inspection.errors.photoNotImage",
    });
  });
});
