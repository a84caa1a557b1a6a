import { expect, test } from "./support";

/*
 * A mobile client's journey over real HTTP, with a bearer token only (no cookie): sign in,
 * search, book pay later, find the booking in the list, cancel it, and read the notifications
 * the booking and the cancellation wrote (docs/architecture.md#resources).
 */
const driver = { email: "driver@rueda.example", password: "Rueda2026!" };

/** A date some months ahead on the place's clock, far from the demo bookings. */
function period(daysAhead: number) {
  const day = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const back = new Date(Date.now() + (daysAhead + 2) * 86_400_000).toISOString().slice(0, 10);
  return { from: `${day}T10:00`, to: `${back}T10:00` };
}

test("sign in with a bearer token, search, book pay later, list, cancel, read notifications", async ({
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const signIn = await anonymous.post("/api/sign-in/frontend?l=en", { data: driver });
  expect(signIn.status()).toBe(200);
  const { accessToken } = await signIn.json();
  await anonymous.dispose();

  // A fresh context that never saw the session cookie: every call below is bearer-only.
  const app = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${accessToken}`, "Accept-Language": "en" },
  });
  const { locations } = await (await app.get("/api/locations")).json();
  expect(locations.length).toBeGreaterThan(0);

  const { from, to } = period(150 + Math.floor(Math.random() * 100));
  let found: { car: { id: number; name: string }; place: number } | null = null;
  for (const place of locations) {
    const search = await app.get(`/api/cars/search?pickup=${place.id}&from=${from}&to=${to}`);
    expect(search.status()).toBe(200);
    const { cars } = await search.json();
    for (const car of cars) {
      const detail = await (await app.get(`/api/cars/${car.id}`)).json();
      if (detail.paymentMethods.includes("payLater")) {
        found = { car, place: place.id };
        break;
      }
    }
    if (found) break;
  }
  expect(found, "a car that can be paid later").not.toBeNull();
  const { car, place } = found!;

  const checkout = await app.post("/api/bookings", {
    data: {
      carId: car.id,
      pickupLocationId: place,
      dropoffLocationId: place,
      from,
      to,
      options: [],
      paymentMethod: "payLater",
      driver: { phone: "+584141112233", birthDate: "1990-01-01" },
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { booking, next } = await checkout.json();
  expect(booking.status).toBe("pending");
  expect(next).toBeNull();

  const list = await (await app.get("/api/bookings")).json();
  expect(list.bookings).toContainEqual(
    expect.objectContaining({ id: booking.id, reference: booking.reference, status: "pending", car: car.name }),
  );

  const cancel = await app.post(`/api/bookings/${booking.id}/cancel`);
  expect(cancel.status()).toBe(200);
  const cancelled = await cancel.json();
  expect(cancelled.outcome).toBe("cancelled");
  expect(cancelled.booking.status).toBe("cancelled");
  expect(cancelled.booking.actions.cancel).toBe("none");

  const notifications = await (await app.get("/api/notifications")).json();
  const mine = notifications.notifications.filter((n: { bookingId: number | null }) => n.bookingId === booking.id);
  expect(mine.map((n: { message: string }) => n.message)).toEqual(
    expect.arrayContaining([expect.stringContaining(booking.reference), expect.stringContaining("Cancelled")]),
  );
  const { unread } = await (await app.get("/api/notifications/counter")).json();
  expect(unread).toBe(notifications.unread);
  const read = await app.post(`/api/notifications/${mine[0].id}/read`);
  expect((await read.json()).unread).toBe(mine[0].isRead ? unread : unread - 1);
  await app.dispose();
});
