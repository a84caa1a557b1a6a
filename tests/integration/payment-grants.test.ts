import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { GRANT_DAYS, paymentGrant } from "~/modules/payment/grant.server";
import { loader as bookingLoader } from "~/routes/booking";
import { loader as paymentLoader } from "~/routes/payment._index";
import { loader as successLoader } from "~/routes/payment-success";
import { getDb } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { closeDb } from "../../db/client";
import { createBooking, createCar, createLocation, createSupplier, createUser } from "../factories";
import { routeContext } from "../route-calls";

/*
 * docs/security.md#payment-grants (review finding L7) and the visitor's view of the booking just
 * made (docs/security.md#unproven-addresses): a grant opens one booking, read-only, for a limited
 * time, and never shows the driver's address.
 */
const DAY = 24 * 3600_000;
const context = (user: Partial<SessionUser> | null = null) => routeContext("198.51.100.70", user);

/** What a loader answered or threw: its status and where a redirect leads. */
async function outcome(run: () => Promise<unknown>) {
  try {
    const value = await run();
    return value instanceof Response
      ? { status: value.status, location: value.headers.get("Location"), data: await value.json() }
      : { status: 200, data: value };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
  }
}

let fx: { bookingId: number; otherId: number; driverId: number; email: string };

beforeAll(async () => {
  const db = await getDb();
  const place = await createLocation(db);
  const supplier = await createSupplier(db);
  const car = await createCar(db, { supplierId: supplier.id, locationIds: [place.id] });
  const email = `grant-${Date.now()}@example.com`;
  const driver = await createUser(db, { email, fullName: "Valentina Rojas", phone: "+584145550101", activated: false });
  const startsAt = new Date(Date.now() + 30 * DAY);
  const common = { carId: car.id, supplierId: supplier.id, driverId: driver.id, locationId: place.id };
  const booking = await createBooking(db, {
    ...common,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3 * DAY),
    status: "paid",
    paymentMethod: "cardPayment",
  });
  const other = await createBooking(db, {
    ...common,
    startsAt: new Date(startsAt.getTime() + 10 * DAY),
    endsAt: new Date(startsAt.getTime() + 12 * DAY),
  });
  fx = { bookingId: booking.id, otherId: other.id, driverId: driver.id, email };
});

afterAll(async () => {
  await closeDb();
});

const request = (path: string) => new Request(`http://rueda.test${path}`);

describe("/payment-success", () => {
  it("shows the driver's email to the driver, never to a grant holder", async () => {
    const grant = paymentGrant(fx.bookingId);
    const asHolder = await outcome(() =>
      successLoader({
        request: request(`/payment-success?b=${fx.bookingId}&g=${grant}`),
        context: context(),
        params: {},
      }),
    );
    expect(asHolder.status).toBe(200);
    expect(asHolder.data).toMatchObject({
      paid: true,
      email: null,
      bookingHref: `/booking?b=${fx.bookingId}&g=${grant}`,
    });
    expect(JSON.stringify(asHolder.data)).not.toContain(fx.email);
    const asDriver = await outcome(() =>
      successLoader({
        request: request(`/payment-success?b=${fx.bookingId}`),
        context: context({ id: fx.driverId }),
        params: {},
      }),
    );
    expect(asDriver.data).toMatchObject({ email: fx.email });
  });

  it(`a grant older than ${GRANT_DAYS} days leads to the lookup page, which says it expired`, async () => {
    const old = paymentGrant(fx.bookingId, new Date(Date.now() - GRANT_DAYS * DAY - 1000));
    const expired = await outcome(() =>
      successLoader({
        request: request(`/payment-success?b=${fx.bookingId}&g=${old}`),
        context: context(),
        params: {},
      }),
    );
    expect(expired).toMatchObject({ status: 302, location: "/payment?expired=1" });
    const page = await outcome(() =>
      paymentLoader({ request: request("/payment?expired=1"), context: context(), params: {} }),
    );
    expect(page.data).toMatchObject({ view: "find", expired: true });
    expect(getFixedT("en")("payment:direct.linkExpired")).toBe(
      "This payment link has expired. Enter the booking reference and your email to continue.",
    );
    // A forged grant is still the 404 of a booking that does not exist.
    const forged = await outcome(() =>
      successLoader({
        request: request(`/payment-success?b=${fx.bookingId}&g=${"A".repeat(24)}`),
        context: context(),
        params: {},
      }),
    );
    expect(forged.status).toBe(404);
  });
});

describe("/booking with a grant (the visitor's booking just made)", () => {
  it("shows that booking read-only, without the driver's contact details; anything else needs signing in", async () => {
    const grant = paymentGrant(fx.otherId);
    const view = await outcome(() =>
      bookingLoader({ request: request(`/booking?b=${fx.otherId}&g=${grant}`), context: context(), params: {} }),
    );
    expect(view.status).toBe(200);
    expect(view.data).toMatchObject({
      granted: true,
      booking: { id: fx.otherId },
      driver: { fullName: "Valentina Rojas", email: null, phone: null },
      cancel: "none",
      amend: null,
      amendRequest: false,
      receipt: false,
      payHref: `/payment?b=${fx.otherId}&g=${grant}`,
    });
    // Another booking of the same driver: the grant does not open it.
    expect(
      (
        await outcome(() =>
          bookingLoader({ request: request(`/booking?b=${fx.bookingId}&g=${grant}`), context: context(), params: {} }),
        )
      ).status,
    ).toBe(404);
    // Without a grant: sign in first.
    const bare = await outcome(() =>
      bookingLoader({ request: request(`/booking?b=${fx.otherId}`), context: context(), params: {} }),
    );
    expect(bare.status).toBe(302);
    expect(bare.location).toMatch(/^\/sign-in\?redirectTo=/);
  });
});
