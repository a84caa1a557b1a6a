import { afterAll, describe, expect, it } from "vitest";
import { closeDb } from "../../db/client";
import { createApiClient, signedInUser } from "../api/client";
import { bookingFor, nextPeriod, seedCatalogue } from "../api/resources";

/*
 * docs/security.md#text-input: a NUL (or another control character) in a free-text field is the
 * caller's mistake, answered 400 with the translated message on that field; before, PostgreSQL
 * refused the insert and the API answered 500 (and logged every SQL parameter).
 */
const api = createApiClient({ ip: "198.51.100.77" });
const catalogue = await seedCatalogue();

afterAll(async () => {
  await closeDb();
});

const NUL = "\u0000";
const message = (field: string) =>
  `${field} contains invisible or control characters that cannot be saved; please remove them and try again`;
let counter = 0;
const freshEmail = () => `nul-${Date.now()}-${++counter}@example.com`;
const person = (fullName: string) => ({
  fullName,
  email: freshEmail(),
  phone: "+584141112233",
  birthDate: "1990-01-01",
});

async function expectRefused(response: Response, fields: string[]) {
  expect(response.status).toBe(400);
  const { error } = await response.json();
  expect(error.code).toBe("validation");
  for (const field of fields) expect(error.fields[field]).toBe(message(field));
}

describe("a NUL character in a text field is a 400 with the translated message, never a 500", () => {
  it("sign-up: fullName", async () => {
    const response = await api("/api/sign-up?l=en", {
      method: "POST",
      json: {
        fullName: `Ana${NUL}`,
        email: freshEmail(),
        phone: "+584141112233",
        birthDate: "1990-01-01",
        password: "secret1",
        confirmPassword: "secret1",
        tos: true,
      },
    });
    await expectRefused(response, ["fullName"]);
  });

  it("send-email: subject and message", async () => {
    const response = await api("/api/send-email?l=en", {
      method: "POST",
      json: { email: freshEmail(), subject: `Hi${NUL}`, message: `Body${NUL}` },
    });
    await expectRefused(response, ["subject", "message"]);
  });

  it("visitor checkout: driver.fullName and additionalDriver.fullName", async () => {
    const { from, to } = nextPeriod();
    const place = catalogue.location.id;
    const body = {
      carId: catalogue.car.id,
      pickupLocationId: place,
      from,
      to,
      paymentMethod: "payLater",
      options: ["additionalDriver"],
    };
    const additional = await api("/api/bookings?l=en", {
      method: "POST",
      json: {
        ...body,
        driver: { ...person("Ana Visitante"), acceptTerms: true },
        additionalDriver: person(`Bo${NUL}b`),
      },
    });
    await expectRefused(additional, ["additionalDriver.fullName"]);
    const driver = await api("/api/bookings?l=en", {
      method: "POST",
      json: { ...body, options: [], driver: { ...person(`Ana${NUL}`), acceptTerms: true } },
    });
    await expectRefused(driver, ["driver.fullName"]);
  });

  it("update-user: fullName, location, bio and documentNumber", async () => {
    const { token } = await signedInUser();
    const response = await api("/api/update-user?l=en", {
      token,
      method: "POST",
      json: {
        fullName: `Ana${NUL}`,
        location: `Cara${NUL}cas`,
        bio: `Hello${NUL}`,
        documentType: "1",
        documentNumber: `V1${NUL}`,
      },
    });
    await expectRefused(response, ["fullName", "location", "bio", "documentNumber"]);
  });

  it("amend and amendment request", async () => {
    const { user, token } = await signedInUser({ phone: "+584141112233", birthDate: "1990-01-01" });
    const booking = await bookingFor(catalogue, user.id);
    const { from, to } = nextPeriod();
    const place = catalogue.location.id;
    const amend = await api(`/api/bookings/${booking.id}/amend?l=en`, {
      token,
      method: "POST",
      json: {
        pickupLocationId: place,
        dropoffLocationId: place,
        from,
        to,
        options: ["additionalDriver"],
        additionalDriver: person(`Bo${NUL}b`),
      },
    });
    await expectRefused(amend, ["additionalDriver.fullName"]);
    const request = await api(`/api/bookings/${booking.id}/amendment-request?l=en`, {
      token,
      method: "POST",
      json: { request: `Later${NUL}please` },
    });
    await expectRefused(request, ["request"]);
  });

  it("a multi-line field keeps its line breaks and tabs", async () => {
    const response = await api("/api/send-email?l=en", {
      method: "POST",
      json: { email: freshEmail(), subject: "Two lines", message: "Line one\r\nLine two\n\tthree" },
    });
    expect(response.status).toBe(200);
  });
});
