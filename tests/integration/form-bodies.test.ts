import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimits } from "~/modules/http/body-limits";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { inspectionLimits } from "~/modules/counter/inspection";
import { DAMAGES_MAX } from "~/modules/counter/return";
import { instantToLocal } from "~/modules/time/zoned-time";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createBookedCar, createUser } from "../factories";
import { dataOf, servePages, sessionCookieFor } from "../pages";

/*
 * Form bodies against the server's handler (docs/security.md#request-bodies): a field name with a
 * list index above the bound, or conform's own control fields, are refused with a small 400 before
 * any action parses the form (conform would build a list that long and echo it back); a form's
 * answer never echoes a field it does not know; a form with real list rows still works.
 */
const { rentals, rentalDamageMarks } = schema;
const DAY = 86_400_000;
let base = "";
let close: () => Promise<void>;
let staffCookie = "";
let outBooking = 0;
let timeZone = "";

beforeAll(async () => {
  ({ url: base, close } = await servePages());
  const db = await getDb();
  // A car out since yesterday, due back tomorrow: the return form is open for it.
  const startsAt = new Date(Date.now() - DAY);
  const { place, supplier, booking } = await createBookedCar(db, {
    startsAt,
    endsAt: new Date(Date.now() + DAY),
    status: "paid",
  });
  const staff = await createUser(db, { type: "supplier", supplierId: supplier.id });
  staffCookie = await sessionCookieFor(staff.id);
  await db.insert(rentals).values({
    bookingId: booking.id,
    pickedUpAt: startsAt,
    pickedUpBy: staff.id,
    odometerOutKm: 10_000,
    fuelOutEighths: 8,
    depositCents: 15000,
    depositTaken: "cash",
    signerName: "Daniela Conductora",
    signedAt: startsAt,
    language: "en",
  });
  outBooking = booking.id;
  timeZone = place.timeZone;
});

afterAll(async () => {
  await close();
  await closeDb();
});

const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };

/** A post and how long its whole answer took to arrive. */
async function timedPost(path: string, body: BodyInit, headers: Record<string, string> = urlencoded) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { method: "POST", headers, body, redirect: "manual" });
  const text = await response.text();
  return { status: response.status, type: response.headers.get("Content-Type"), text, ms: performance.now() - started };
}

/** The server's own small "could not be read" page (in the default language): no action ran. */
function expectRefused(answer: { status: number; type: string | null; text: string }) {
  expect(answer.status).toBe(400);
  expect(answer.text.length).toBeLessThan(4096);
  expect(answer.type).toMatch(/^text\/html/);
  expect(answer.text).toContain(getFixedT("es")("error.badRequest"));
}

function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe("a field index above the bound", () => {
  it("is above every list of rows a form posts, so a row too many still gets the form's own message", () => {
    for (const rows of [inspectionLimits.marks, DAMAGES_MAX]) expect(rows).toBeLessThan(bodyLimits.listIndexMax);
  });

  it.each([
    ["/contact", "contact"],
    ["/sign-up", "sign-up"],
  ])("%s: the 14-byte post is a small 400, answered at once", async (path, route) => {
    // As a script posts it, and as a browser without JavaScript does (refused before any page renders).
    for (const target of [`${path}?${dataOf(route)}`, path]) {
      const answer = await timedPost(target, "zz[9999999]=1");
      expectRefused(answer);
      // Ten million slots took ~6 s: well under a second means none was made.
      expect(answer.ms).toBeLessThan(1000);
    }
  });

  it("the staff return form: urlencoded or multipart, the marks' index is refused", async () => {
    const path = `/admin/counter/return?b=${outBooking}&${dataOf("admin.counter_.return")}`;
    const fields = { "marks[9999999].area": "front", "marks[9999999].kind": "dent" };
    for (const body of [new URLSearchParams(fields), multipart(fields)]) {
      const started = performance.now();
      const response = await fetch(`${base}${path}`, { method: "POST", headers: { Cookie: staffCookie }, body });
      const text = await response.text();
      expectRefused({ status: response.status, type: response.headers.get("Content-Type"), text });
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it("an encoded bracket or a padded index counts the same", async () => {
    for (const body of ["zz%5B9999999%5D=1", "zz[0000000000100]=1", "a.b[1][100000].c=1"]) {
      expectRefused(await timedPost(`/contact?${dataOf("contact")}`, body));
    }
  });

  it("conform's control fields are refused: an intent builds the same list, a broken one threw", async () => {
    const intent = JSON.stringify({ type: "update", payload: { name: "zz", index: 9_999_999, value: "1" } });
    for (const body of [
      new URLSearchParams({ __intent__: intent }),
      new URLSearchParams({ __intent__: "not json" }),
      new URLSearchParams({ __state__: "not json" }),
    ]) {
      expectRefused(await timedPost(`/contact?${dataOf("contact")}`, body.toString()));
    }
  });
});

describe("what a form answers", () => {
  it("echoes the fields it knows, never one it does not", async () => {
    const answer = await timedPost(
      `/contact?${dataOf("contact")}`,
      new URLSearchParams({ subject: "Hola", "zz[50]": "planted-value", other: "planted-other" }).toString(),
    );
    expect(answer.status).toBe(400);
    const reply = JSON.parse(answer.text) as { initialValue: Record<string, unknown>; fields?: string[] };
    expect(reply.initialValue).toEqual({ subject: "Hola" });
    expect(answer.text).not.toContain("planted");
    expect(answer.text).not.toContain("zz");
  });

  it("a return with real mark rows is recorded, the marks with it", async () => {
    const db = await getDb();
    const body = new URLSearchParams({
      odometer: "10250",
      fuel: "8",
      returnedAt: instantToLocal(new Date(), timeZone),
      "marks[0].area": "front",
      "marks[0].kind": "dent",
      "marks[1].area": "rear",
      "marks[1].kind": "scratch",
    });
    const response = await fetch(`${base}/admin/counter/return?b=${outBooking}&${dataOf("admin.counter_.return")}`, {
      method: "POST",
      headers: { Cookie: staffCookie },
      body,
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("X-Remix-Redirect")).toBe(`/booking?b=${outBooking}`);
    const [rental] = await db.select().from(rentals).where(eq(rentals.bookingId, outBooking));
    expect(rental.returnedAt).not.toBeNull();
    const marks = await db
      .select({ phase: rentalDamageMarks.phase, area: rentalDamageMarks.area, kind: rentalDamageMarks.kind })
      .from(rentalDamageMarks)
      .where(eq(rentalDamageMarks.bookingId, outBooking));
    expect(marks).toEqual([
      { phase: "in", area: "front", kind: "dent" },
      { phase: "in", area: "rear", kind: "scratch" },
    ]);
  });
});
