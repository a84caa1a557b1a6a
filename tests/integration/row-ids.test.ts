import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createBookedCar, createUser } from "../factories";
import { dataOf, servePages, sessionCookieFor } from "../pages";

/*
 * Ids in addresses against the server's handler (docs/security.md#ids): one parser reads every id
 * a page's URL carries, so an id no integer column can hold (above 2,147,483,647) names nothing:
 * a 404 where the id names the page's subject, no filter where it narrows a list, never the
 * database's "out of range" as a 500.
 */
const HUGE = "2147483648";
let base = "";
let close: () => Promise<void>;
const cookies = { driver: "", staff: "", admin: "" };
let own = { booking: 0, car: 0, supplier: 0 };

beforeAll(async () => {
  ({ url: base, close } = await servePages());
  const db = await getDb();
  const { supplier, car, driver, booking } = await createBookedCar(db, {
    startsAt: new Date(Date.now() + 10 * 86_400_000),
    endsAt: new Date(Date.now() + 12 * 86_400_000),
    status: "paid",
  });
  own = { booking: booking.id, car: car.id, supplier: supplier.id };
  cookies.driver = await sessionCookieFor(driver.id);
  cookies.staff = await sessionCookieFor((await createUser(db, { type: "supplier", supplierId: supplier.id })).id);
  cookies.admin = await sessionCookieFor((await createUser(db, { type: "admin" })).id);
});

afterAll(async () => {
  await close();
  await closeDb();
});

async function get(who: keyof typeof cookies | null, path: string, route: string) {
  const separator = path.includes("?") ? "&" : "?";
  const response = await fetch(`${base}${path}${separator}${dataOf(route)}`, {
    headers: who ? { Cookie: cookies[who] } : {},
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

describe("an id above PostgreSQL's integer", () => {
  it.each([
    ["driver", `/booking?b=${HUGE}`, "booking"],
    ["driver", `/booking/calendar?b=${HUGE}`, "booking_.calendar"],
    ["driver", `/booking/cancel?b=${HUGE}`, "booking_.cancel"],
    ["driver", `/booking/receipt?b=${HUGE}`, "booking_.receipt"],
    ["driver", `/booking/final-receipt?b=${HUGE}`, "booking_.final-receipt"],
    ["driver", `/booking/agreement?b=${HUGE}`, "booking_.agreement"],
    ["driver", `/booking/photo?p=${HUGE}`, "booking_.photo"],
    ["staff", `/admin/counter/pickup?b=${HUGE}`, "admin.counter_.pickup"],
    ["staff", `/admin/counter/return?b=${HUGE}`, "admin.counter_.return"],
    ["staff", `/booking?b=${HUGE}`, "booking"],
  ] as const)("%s: %s is a 404 (it answered 500)", async (who, path, route) => {
    expect(await get(who, path, route)).toBe(404);
  });

  it.each([
    ["staff", `/admin/cars/${HUGE}`, "admin.cars.$carId"],
    ["staff", `/admin/cars/${HUGE}/delete`, "admin.cars.$carId_.delete"],
    ["admin", `/admin/suppliers/${HUGE}`, "admin.suppliers.$supplierId"],
    ["admin", `/admin/suppliers/${HUGE}/seasons`, "admin.suppliers.$supplierId_.seasons"],
    ["admin", `/admin/places/${HUGE}`, "admin.places.$placeId"],
    ["admin", `/admin/users/${HUGE}`, "admin.users.$userId"],
    [null, `/cars/${HUGE}`, "cars.$carId"],
    ["driver", `/payment/card?b=${HUGE}`, "payment.card"],
    ["driver", `/payment/mobile?b=${HUGE}`, "payment.mobile"],
    ["driver", `/payment/usdt?b=${HUGE}`, "payment.usdt"],
  ] as const)("%s: %s is a 404", async (who, path, route) => {
    expect(await get(who, path, route)).toBe(404);
  });

  it("the same ids written otherwise name nothing either", async () => {
    for (const id of ["0", "-1", "1e3", "1.0", "0x10", "99999999999", `0${own.booking}`, ` ${own.booking}`])
      expect(await get("driver", `/booking?b=${encodeURIComponent(id)}`, "booking"), id).toBe(404);
    expect(await get("driver", `/booking?b=${own.booking}`, "booking")).toBe(200);
  });

  it.each([
    ["staff", `/bookings?confirm=${HUGE}`, "bookings"],
    ["admin", `/bookings?supplier=${HUGE}`, "bookings"],
    ["admin", `/admin/bookings?supplier=${HUGE}`, "admin.bookings._index"],
    ["admin", `/admin/calendar?supplier=${HUGE}`, "admin.calendar"],
    ["admin", `/admin/cars?supplier=${HUGE}`, "admin.cars._index"],
    ["staff", `/admin/cars/{car}?unblock=${HUGE}`, "admin.cars.$carId"],
    ["admin", `/admin/suppliers/{supplier}?remove=${HUGE}`, "admin.suppliers.$supplierId"],
    [null, `/checkout?car=${HUGE}&pickup=1&from=2030-01-01T10:00&to=2030-01-03T10:00`, "checkout"],
  ] as const)("%s: %s narrows or asks nothing: the page answers", async (who, path, route) => {
    const filled = path.replace("{car}", String(own.car)).replace("{supplier}", String(own.supplier));
    expect(await get(who, filled, route)).toBeLessThan(500);
  });

  it("a notification's id in a form is refused, not a 500", async () => {
    const response = await fetch(`${base}/notifications?${dataOf("notifications")}`, {
      method: "POST",
      headers: { Cookie: cookies.driver },
      body: new URLSearchParams({ intent: "read", id: HUGE }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
  });
});
