import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { finalReceipt } from "~/modules/counter/final-receipt.server";
import { rentalHistory } from "~/modules/counter/history.server";
import { inspectionOf, processInspectionPhotos, saveInspection } from "~/modules/counter/inspection.server";
import { loadReturn, recordReturn } from "~/modules/counter/return.server";
import { schema } from "~/utils/db.server";
import { pdfText } from "../pdf-text";
import { input, now, fx, returnHooks, form } from "./fixtures/return";
import { photoFile } from "./fixtures/counter";

/* The inspection at the return (docs/domain.md#inspection) and the rental's history. */
const { auditLog } = schema;

returnHooks();

describe("the inspection at the return (docs/domain.md#inspection)", () => {
  it("saves the return's photos and new marks as phase in, leaves the pick-up's as they were, and prints them on the final receipt", async () => {
    const booking = await fx.pickedUp();
    const atPickup = [{ area: "leftSide", kind: "dent", note: "Rear door", x: 330, y: 600 }] as const;
    await saveInspection(fx.db, booking.id, "out", { photos: [], marks: [...atPickup] }, fx.staff.id);
    const processed = await processInspectionPhotos([await photoFile("back.png")]);
    if (!processed.ok) throw new Error(processed.message);
    const found = [{ area: "rear", kind: "scratch", note: "Bumper", x: null, y: null }] as const;

    expect(await loadReturn(fx.staff, booking.id)).toMatchObject({ pickupMarks: atPickup });
    const done = await recordReturn(fx.staff, booking.id, form({ marks: [...found] }), now, processed.photos);
    expect(done.outcome).toBe("returned");

    const inspection = await inspectionOf(fx.db, booking.id);
    expect(inspection.out).toEqual({ photoIds: [], marks: atPickup });
    expect(inspection.in.marks).toEqual(found);
    expect(inspection.in.photoIds).toHaveLength(1);
    const [audit] = await fx.db.select().from(auditLog).where(eq(auditLog.action, "booking.return"));
    expect(audit.changes).toMatchObject({ photos: [null, 1], damageMarks: [null, 1] });

    const text = await pdfText((await finalReceipt(fx.driver, booking.id))!.pdf);
    expect(text).toContain("Inspection at return");
    expect(text).toContain("Photos taken 1");
    expect(text).toContain("1. Rear — Scratch — Bumper");
    expect(text).not.toContain("Rear door");
  });

  it("saves nothing when the return is refused", async () => {
    const booking = await fx.pickedUp();
    const processed = await processInspectionPhotos([await photoFile("back.png")]);
    if (!processed.ok) throw new Error(processed.message);
    const marks = [{ area: "rear", kind: "scratch", note: null, x: null, y: null }] as const;
    const refused = await recordReturn(
      fx.staff,
      booking.id,
      form({ odometer: 11_999, marks: [...marks] }),
      now,
      processed.photos,
    );
    expect(refused.outcome).toBe("refused");
    expect(await inspectionOf(fx.db, booking.id)).toEqual({
      out: { photoIds: [], marks: [] },
      in: { photoIds: [], marks: [] },
    });
  });

  it("gives the booking's history its pick-up and return rows, with who took the car and the readings", async () => {
    const booking = await fx.pickedUp();
    expect((await rentalHistory(booking.id)).map((e) => e.kind)).toEqual(["pickedUp"]);
    await recordReturn(fx.staff, booking.id, form(), now);
    const [staff] = await fx.db.select().from(schema.users).where(eq(schema.users.id, fx.staff.id));
    expect(await rentalHistory(booking.id)).toEqual([
      { kind: "pickedUp", at: input.pickedUpAt, actor: staff.fullName, odometerKm: 12_000, fuelEighths: 8 },
      { kind: "returned", at: input.returnedAt, actor: staff.fullName, odometerKm: 12_600, fuelEighths: 5 },
    ]);
  });
});
