import type { AppLoadContext } from "@remix-run/node";
import { asc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { answerClaim } from "~/modules/counter/answer-claim.server";
import type { OpenClaimForm } from "~/modules/counter/claim";
import { bookingPage } from "~/modules/counter/booking-page.server";
import { closeRental } from "~/modules/counter/close.server";
import { decideClaim } from "~/modules/counter/decide-claim.server";
import { refundHeldDeposit } from "~/modules/counter/deposit-refund.server";
import { finalReceipt } from "~/modules/counter/final-receipt.server";
import type { DamageMark } from "~/modules/counter/inspection";
import { openClaim } from "~/modules/counter/open-claim.server";
import { pickUp } from "~/modules/counter/pickup.server";
import { recordReturn } from "~/modules/counter/return.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { action as bookingAction, loader as bookingLoader } from "~/routes/booking";
import type { PickupForm } from "~/modules/counter/pickup";
import { schema } from "~/utils/db.server";
import { outboxEmails } from "../factories";
import { pdfText } from "../pdf-text";
import { formPost } from "../route-calls";
import { form, fx, now, pickupHooks } from "./fixtures/pickup";

/*
 * Damage claims (docs/domain.md#damage-claims) against the real database: staff open a claim on
 * the return's new damage, asking no more than the deposit holds; the driver accepts or disputes
 * within 7 days; an admin decides a dispute; `settleClaim` writes the retained ledger line. Each
 * refusal says why and changes nothing.
 */
const { auditLog, damageClaims, depositLedger, notifications } = schema;

pickupHooks();

const mark = (area: DamageMark["area"], kind: DamageMark["kind"], note: string | null = null): DamageMark => ({
  area,
  kind,
  note,
  x: null,
  y: null,
});
const afterReturn = new Date("2026-12-06T17:30:00Z");
const DAY = 86_400_000;
const claimForm = (asked = 8000): OpenClaimForm => ({ estimate: 12_000, asked, note: "Dent on the rear left door" });

/**
 * A booking picked up with a $100 deposit taken `taken` (a scratch on the front marked), and
 * returned on time with a scratch on the front (not new) and a dent on the left side (new).
 */
async function returnedWithDent(
  taken: PickupForm["depositTaken"] = "cash",
  values: Parameters<typeof fx.book>[0] = {},
  returnMarks = [mark("front", "scratch"), mark("leftSide", "dent", "Rear door")],
) {
  const booking = await fx.book(values);
  const by = booking.driverId === fx.staff.id ? fx.admin : fx.staff;
  const licence = { licenceNumber: "V-9", licenceCountry: "Venezuela", licenceExpiresOn: "2030-01-01" };
  const pickupForm = form({
    deposit: 10_000,
    depositTaken: taken,
    marks: [mark("front", "scratch")],
    ...(booking.driverId === fx.driver.id ? {} : licence),
  });
  expect(await pickUp(by, booking.id, pickupForm, now)).toBe("pickedUp");
  const returnForm = {
    odometer: 48213,
    fuel: 6,
    returnedAt: "2026-12-06T13:00",
    damages: [],
    photos: [],
    marks: returnMarks,
  };
  expect(await recordReturn(by, booking.id, returnForm, afterReturn)).toMatchObject({ outcome: "returned" });
  return booking;
}

const claimOf = async (bookingId: number) =>
  (await fx.db.select().from(damageClaims).where(eq(damageClaims.bookingId, bookingId)))[0];
const ledgerOf = async (bookingId: number) =>
  (
    await fx.db
      .select()
      .from(depositLedger)
      .where(eq(depositLedger.bookingId, bookingId))
      .orderBy(asc(depositLedger.id))
  ).map((e) => [e.kind, e.amountCents, e.reason]);
const claimAudits = () =>
  fx.db.select({ action: auditLog.action }).from(auditLog).where(like(auditLog.action, "booking.claim%"));

/** Nothing of a claim written: no claim, no audit entry, the ledger as the return left it. */
async function expectNoClaim(bookingId: number) {
  expect(await claimOf(bookingId)).toBeUndefined();
  expect(await claimAudits()).toEqual([]);
  expect(await outboxEmails(fx.db, "damage-claim")).toEqual([]);
}

describe("opening a damage claim", () => {
  it("opens a claim on the return's new dent, tells the driver in the app and by email, and audits it", async () => {
    const booking = await returnedWithDent();
    expect(await openClaim(fx.staff, booking.id, claimForm(), afterReturn)).toBe("opened");
    const claim = await claimOf(booking.id);
    expect(claim).toMatchObject({ status: "open", estimateCents: 12_000, askedCents: 8000, openedBy: fx.staff.id });
    // Only the dent is new: the front's scratch was marked at the pick-up.
    const covered = await fx.db
      .select({ area: schema.rentalDamageMarks.area, kind: schema.rentalDamageMarks.kind })
      .from(schema.damageClaimMarks)
      .innerJoin(schema.rentalDamageMarks, eq(schema.rentalDamageMarks.id, schema.damageClaimMarks.markId))
      .where(eq(schema.damageClaimMarks.claimId, claim.id));
    expect(covered).toEqual([{ area: "leftSide", kind: "dent" }]);
    const [email] = await outboxEmails(fx.db, "damage-claim");
    expect(email).toMatchObject({ jobId: `damage-claim-${booking.id}`, to: ["daniela@example.com"], language: "en" });
    expect(email.text).toContain("$80");
    const told = await fx.db.select().from(notifications).where(eq(notifications.bookingId, booking.id));
    expect(told.map((n) => n.messageKey)).toContain("notifications:messages.claimOpened");
    expect(await claimAudits()).toEqual([{ action: "booking.claimOpened" }]);
    // One claim a booking.
    expect(await openClaim(fx.staff, booking.id, claimForm(), afterReturn)).toBe("alreadyOpen");
  });

  it("refuses to ask more than the deposit holds, or anything when none was taken; nothing changes", async () => {
    const booking = await returnedWithDent();
    expect(await openClaim(fx.staff, booking.id, claimForm(10_001), afterReturn)).toBe("tooLarge");
    await expectNoClaim(booking.id);
    const none = await fx.book();
    const pickupForm = form({ deposit: 0, depositTaken: undefined, marks: [] });
    expect(await pickUp(fx.staff, none.id, pickupForm, now)).toBe("pickedUp");
    const back = { odometer: 48213, fuel: 6, returnedAt: "2026-12-06T13:00", damages: [], photos: [] };
    await recordReturn(fx.staff, none.id, { ...back, marks: [mark("roof", "dent")] }, afterReturn);
    expect(await openClaim(fx.staff, none.id, claimForm(100), afterReturn)).toBe("tooLarge");
    await expectNoClaim(none.id);
  });

  it("refuses a claim on a booking not returned, and on a return with no new damage", async () => {
    const out = await fx.book();
    expect(await pickUp(fx.staff, out.id, form({ deposit: 10_000, depositTaken: "cash" }), now)).toBe("pickedUp");
    expect(await openClaim(fx.staff, out.id, claimForm(), afterReturn)).toBe("notReturned");
    const same = await returnedWithDent("cash", {}, [mark("front", "scratch")]);
    expect(await openClaim(fx.staff, same.id, claimForm(), afterReturn)).toBe("noNewDamage");
    await expectNoClaim(out.id);
    await expectNoClaim(same.id);
  });

  it("is not found by another supplier's staff nor the driver, and refused on one's own booking", async () => {
    const booking = await returnedWithDent();
    expect(await openClaim(fx.otherStaff, booking.id, claimForm(), afterReturn)).toBe("notFound");
    expect(await openClaim(fx.driver as StaffUser, booking.id, claimForm(), afterReturn)).toBe("notFound");
    const own = await returnedWithDent("cash", { driverId: fx.staff.id });
    expect(await openClaim(fx.staff, own.id, claimForm(), afterReturn)).toBe("ownBooking");
    await expectNoClaim(booking.id);
    await expectNoClaim(own.id);
  });

  it("keeps a claim on a card hold made on the counter's own terminal on the ledger, as for cash", async () => {
    // No hold of Rueda's holds it (docs/domain.md#card-deposit-hold): the ledger is the record.
    const booking = await returnedWithDent("cardHold");
    expect(await openClaim(fx.staff, booking.id, claimForm(), afterReturn)).toBe("opened");
    expect(await answerClaim(fx.driver, booking.id, { answer: "accepted" }, afterReturn)).toBe("accepted");
    expect(await ledgerOf(booking.id)).toEqual([
      ["received", 10_000, null],
      ["retained", 8000, "damageClaim"],
    ]);
  });

  it("lets only the rest of the deposit be refunded while the claim is open", async () => {
    const booking = await returnedWithDent();
    expect(await openClaim(fx.staff, booking.id, claimForm(8000), afterReturn)).toBe("opened");
    const refund = (cents: number) => ({ refundAmount: cents, refundMethod: "cash" as const });
    expect(await refundHeldDeposit(fx.staff, booking.id, refund(2001), afterReturn)).toBe("tooLarge");
    // The close asks the refund of the rest only, and does not call the deposit returned.
    expect(await closeRental(fx.staff, booking.id, refund(2001), afterReturn)).toBe("refundTooLarge");
    expect(await closeRental(fx.staff, booking.id, refund(2000), afterReturn)).toBe("closed");
    const page = await bookingPage(fx.driver, booking.id, { grant: null, language: "en" });
    expect(page).toMatchObject({
      closed: { depositReturned: false },
      depositLedger: { balance: { heldCents: 8000 }, refundableCents: 0 },
    });
  });
});

describe("the driver's answer", () => {
  it("accepting settles the claim at the amount asked: a retained ledger line for the claim", async () => {
    const booking = await returnedWithDent();
    await openClaim(fx.staff, booking.id, claimForm(8000), afterReturn);
    expect(await answerClaim(fx.driver, booking.id, { answer: "accepted" }, afterReturn)).toBe("accepted");
    expect(await claimOf(booking.id)).toMatchObject({ status: "settled", response: "accepted", settledCents: 8000 });
    expect(await ledgerOf(booking.id)).toEqual([
      ["received", 10_000, null],
      ["retained", 8000, "damageClaim"],
    ]);
  });

  it("refuses a dispute after 7 days; nothing changes", async () => {
    const booking = await returnedWithDent();
    await openClaim(fx.staff, booking.id, claimForm(), afterReturn);
    const late = new Date(afterReturn.getTime() + 7 * DAY + 1000);
    expect(await answerClaim(fx.driver, booking.id, { answer: "disputed", comment: "It was there" }, late)).toBe(
      "tooLate",
    );
    expect(await claimOf(booking.id)).toMatchObject({ status: "open", response: null });
    expect(await claimAudits()).toEqual([{ action: "booking.claimOpened" }]);
    // Staff do not answer for the driver.
    expect(await answerClaim(fx.staff, booking.id, { answer: "accepted" }, afterReturn)).toBe("notFound");
  });
});

describe("an admin's decision of a dispute", () => {
  async function disputed() {
    const booking = await returnedWithDent();
    await openClaim(fx.staff, booking.id, claimForm(8000), afterReturn);
    const comment = "The dent was under the scratch";
    expect(await answerClaim(fx.driver, booking.id, { answer: "disputed", comment }, afterReturn)).toBe("disputed");
    // The supplier's staff and the admins are told: an admin decides.
    const told = await fx.db
      .select()
      .from(notifications)
      .where(eq(notifications.messageKey, "notifications:messages.claimDisputed"));
    expect(told.map((n) => n.userId).sort()).toEqual([fx.staff.id, fx.admin.id].sort());
    return booking;
  }

  it("settles at $50: $50 retained for the claim, the rest refundable, on the final receipt", async () => {
    const booking = await disputed();
    const decision = { decided: 5000, decisionNote: "Half the repair" };
    expect(await decideClaim(fx.admin, booking.id, decision, afterReturn)).toBe("settled");
    expect(await claimOf(booking.id)).toMatchObject({ status: "settled", settledCents: 5000, decidedBy: fx.admin.id });
    expect(await ledgerOf(booking.id)).toEqual([
      ["received", 10_000, null],
      ["retained", 5000, "damageClaim"],
    ]);
    const text = await pdfText((await finalReceipt(fx.driver, booking.id))!.pdf);
    expect(text).toContain("Retained · for the damage claim $50");
    expect(text).toContain("Still held $50");
    const told = await fx.db.select().from(notifications).where(eq(notifications.bookingId, booking.id));
    expect(told.find((n) => n.messageKey === "notifications:messages.claimSettled")?.params).toMatchObject({
      amount: "$50",
    });
    expect(await refundHeldDeposit(fx.staff, booking.id, { refundAmount: 5000, refundMethod: "cash" })).toBe(
      "refunded",
    );
    expect((await claimAudits()).map((a) => a.action)).toEqual([
      "booking.claimOpened",
      "booking.claimDisputed",
      "booking.claimSettled",
      "booking.claimDecided",
    ]);
  });

  it("refuses more than asked, a decision by staff or the driver, and an admin deciding their own booking", async () => {
    const booking = await disputed();
    const decision = (cents: number) => ({ decided: cents, decisionNote: "Seen" });
    expect(await decideClaim(fx.admin, booking.id, decision(8001), afterReturn)).toBe("tooLarge");
    expect(await decideClaim(fx.staff, booking.id, decision(5000), afterReturn)).toBe("notFound");
    expect(await decideClaim(fx.driver, booking.id, decision(5000), afterReturn)).toBe("notFound");
    expect(await claimOf(booking.id)).toMatchObject({ status: "disputed", settledCents: null });
    expect((await ledgerOf(booking.id)).map((e) => e[0])).toEqual(["received"]);
    // An admin who is the booking's driver does not settle their own dispute.
    const own = await returnedWithDent("cash", { driverId: fx.admin.id });
    await openClaim(fx.staff, own.id, claimForm(), afterReturn);
    await answerClaim(fx.admin, own.id, { answer: "disputed", comment: "Not me" }, afterReturn);
    expect(await decideClaim(fx.admin, own.id, decision(0), afterReturn)).toBe("ownBooking");
    expect(await claimOf(own.id)).toMatchObject({ status: "disputed" });
  });
});

describe("on the booking page, without JavaScript", () => {
  type Who = Pick<StaffUser, "id" | "type" | "supplierId">;
  const context = (user: Who) => ({ user, language: "en", t: getFixedT("en") }) as unknown as AppLoadContext;
  const post = (user: Who, id: number, fields: Record<string, string>) =>
    bookingAction({ request: formPost(`/booking?b=${id}`, fields), context: context(user), params: {} }).catch(
      (thrown: unknown) => thrown,
    ) as Promise<Response>;
  const page = async (user: Who, id: number) =>
    (await bookingLoader({
      request: new Request(`http://rueda.test/booking?b=${id}`),
      context: context(user),
      params: {},
    })) as unknown as Record<string, unknown>;

  it("staff open, the driver disputes with a comment, an admin settles at $50; refusals are said on the form", async () => {
    const booking = await returnedWithDent();
    expect(await page(fx.staff, booking.id)).toMatchObject({ openClaim: true, claim: null });
    const open = { intent: "claimOpen", estimate: "120", asked: "80", note: "Dent on the rear left door" };
    expect((await post(fx.otherStaff, booking.id, open)).status).toBe(404);
    const tooMuch = await post(fx.staff, booking.id, { ...open, asked: "100.01" });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(await tooMuch.json())).toContain("bookings:claim.errors.tooLarge");
    expect((await post(fx.staff, booking.id, open)).status).toBe(302);
    expect(await page(fx.driver, booking.id)).toMatchObject({
      claim: {
        status: "open",
        askedCents: 8000,
        answer: true,
        decide: false,
        marks: [{ area: "leftSide", kind: "dent" }],
      },
    });
    // A dispute needs its comment.
    const bare = await post(fx.driver, booking.id, { intent: "claimAnswer", answer: "disputed" });
    expect(JSON.stringify(await bare.json())).toContain("bookings:claim.errors.comment");
    const dispute = { intent: "claimAnswer", answer: "disputed", comment: "The dent was there before" };
    expect((await post(fx.driver, booking.id, dispute)).status).toBe(302);
    expect(
      (await post(fx.staff, booking.id, { intent: "claimDecide", decided: "50", decisionNote: "Half" })).status,
    ).toBe(404);
    expect(await page(fx.admin, booking.id)).toMatchObject({ claim: { status: "disputed", decide: true } });
    expect(
      (await post(fx.admin, booking.id, { intent: "claimDecide", decided: "50", decisionNote: "Half" })).status,
    ).toBe(302);
    expect(await page(fx.driver, booking.id)).toMatchObject({
      claim: { status: "settled", settledCents: 5000 },
      depositLedger: { balance: { retainedCents: 5000, heldCents: 5000 } },
      history: expect.arrayContaining([
        expect.objectContaining({ kind: "claimOpened" }),
        expect.objectContaining({ kind: "claimDisputed", actor: "Daniela Conductora" }),
        expect.objectContaining({ kind: "claimSettled" }),
      ]),
    });
  });
});
