import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { enqueueBookingConfirmation } from "~/modules/booking/confirmation.server";
import { consentedNumber, saveWhatsappConsent } from "~/modules/whatsapp/consent.server";
import { provideWhatsappJobs } from "~/modules/whatsapp/jobs.server";
import { tellDriver } from "~/modules/whatsapp/outbox-whatsapp.server";
import { receiveWhatsappWebhook, whatsappHandshake } from "~/modules/whatsapp/webhook.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { runJob } from "../../jobs/handlers";
import { createBookedCar, outboxEmails, resetDatabase } from "../factories";
import { whatsappSignature } from "../fakes/whatsapp";
import { servePages } from "../pages";

// As server.ts and worker.ts do: the send-whatsapp handler comes from the WhatsApp module.
provideWhatsappJobs();

/*
 * WhatsApp messages through the outbox against the real database and the Cloud API fake
 * (docs/domain.md#whatsapp): a driver who opted in gets the template in their language, once however
 * often the job runs; a refusal for good sends the email instead; the webhook is believed only when
 * signed, moves a message forward once, and a "STOP" opts its sender out. The product reads its
 * configuration once, so the fake is named in the environment first; its webhooks reach the module
 * through a small local server, as the route would hand them over.
 */
const fake = await vi.hoisted(async () => {
  const http = await import("node:http");
  const { startWhatsappFake } = await import("../fakes/whatsapp");
  const { receiveWhatsappWebhook } = await import("~/modules/whatsapp/webhook.server");
  const receiver = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", async () => {
      const verdict = await receiveWhatsappWebhook(raw, (req.headers["x-hub-signature-256"] as string) ?? null);
      res.writeHead(verdict === "badSignature" ? 401 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const started = await startWhatsappFake(0, {
    appSecret: "whatsapp-app-secret-integration",
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/whatsapp`,
  });
  process.env.WHATSAPP_API_URL = started.url;
  process.env.WHATSAPP_ACCESS_TOKEN = "EAAG-integration-token";
  process.env.WHATSAPP_PHONE_NUMBER_ID = "100200300";
  process.env.WHATSAPP_APP_SECRET = "whatsapp-app-secret-integration";
  process.env.WHATSAPP_VERIFY_TOKEN = "verify-me-integration";
  return { ...started, closeAll: async () => (await started.close(), receiver.close()) };
});

const { outbox, whatsappMessages, users } = schema;
const DAY = 86_400_000;

afterAll(async () => {
  await fake.closeAll();
  await closeDb();
});

let fx: Awaited<ReturnType<typeof createBookedCar>>;

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  fake.reset();
  const startsAt = new Date(Date.now() + 10 * DAY);
  fx = await createBookedCar(db, { startsAt, endsAt: new Date(startsAt.getTime() + 2 * DAY) });
  await db.update(users).set({ language: "fr" }).where(eq(users.id, fx.driver.id));
});

async function optIn(number = "+584141234567") {
  await saveWhatsappConsent(fx.driver.id, number, { now: new Date(Date.now() - 60_000) });
}

/** Runs every send-whatsapp job in the outbox once, as the relay would; answers how each ended. */
async function runWhatsappJobs() {
  const db = await getDb();
  const rows = await db.select().from(outbox).where(eq(outbox.jobName, "send-whatsapp"));
  return Promise.allSettled(rows.map((row) => runJob(row.jobName, row.payload, { jobId: row.jobId, attempt: 1 })));
}

async function message() {
  const rows = await (await getDb()).select().from(whatsappMessages);
  expect(rows).toHaveLength(1);
  return rows[0];
}

/** A payment received, the message WhatsApp replaces the email for (it has no document). */
async function tellPaymentReceived() {
  const db = await getDb();
  await db.transaction((tx) =>
    tellDriver(tx, {
      userId: fx.driver.id,
      bookingId: fx.booking.id,
      language: "fr",
      template: "payment_received",
      values: { reference: fx.booking.reference, amount: "$100", link: "http://localhost:3000/booking" },
      key: `whatsapp-payment-received-${fx.booking.id}`,
      document: false,
      email: {
        request: {
          template: "payment-confirmation",
          to: [fx.driver.email],
          language: "fr",
          data: {
            fullName: "Test Person",
            reference: fx.booking.reference,
            car: fx.car.name,
            amount: "$100",
            method: "mobilePayment",
            link: "http://localhost:3000/booking",
          },
        },
        jobId: `payment-confirmation-${fx.booking.id}`,
      },
    }),
  );
}

describe("sending", () => {
  it("sends an opted-in driver one booking_confirmed template in their language, and the email with its voucher too", async () => {
    await optIn();
    const db = await getDb();
    await db.transaction((tx) => enqueueBookingConfirmation(tx, fx.booking.id));
    await db.transaction((tx) => enqueueBookingConfirmation(tx, fx.booking.id));
    await runWhatsappJobs();
    await runWhatsappJobs();
    expect(fake.messages).toEqual([
      expect.objectContaining({
        phoneNumberId: "100200300",
        to: "584141234567",
        template: "booking_confirmed",
        language: "fr",
      }),
    ]);
    expect(fake.messages[0].parameters[0]).toBe(fx.booking.reference);
    expect(fake.messages[0].parameters[1]).toBe(fx.car.name);
    expect(await message()).toMatchObject({ status: "accepted", wamid: fake.messages[0].id });
    expect((await outboxEmails(db, "booking-confirmation")).map((e) => e.jobId)).toEqual([
      `booking-confirmation-${fx.booking.id}`,
    ]);
  });

  it("sends nothing on WhatsApp to a driver who never opted in: the email only", async () => {
    const db = await getDb();
    await db.transaction((tx) => enqueueBookingConfirmation(tx, fx.booking.id));
    await tellPaymentReceived();
    await runWhatsappJobs();
    expect(fake.messages).toEqual([]);
    expect(await db.select().from(whatsappMessages)).toEqual([]);
    expect((await outboxEmails(db, "payment-confirmation")).map((e) => e.to)).toEqual([[fx.driver.email]]);
  });

  it("retries a 500 and sends the message once", async () => {
    await optIn();
    await tellPaymentReceived();
    fake.failNext(1, "outage");
    const [first] = await runWhatsappJobs();
    expect(first.status).toBe("rejected");
    expect((await message()).status).toBe("queued");
    const [second] = await runWhatsappJobs();
    expect(second.status).toBe("fulfilled");
    await runWhatsappJobs();
    expect(fake.refused()).toBe(1);
    expect(fake.messages).toEqual([expect.objectContaining({ template: "payment_received", language: "fr" })]);
    // WhatsApp took it: the email it replaces is not written.
    expect(await outboxEmails(await getDb(), "payment-confirmation")).toEqual([]);
  });

  it("does not retry an invalid number: the message fails and the email goes instead", async () => {
    await optIn();
    await tellPaymentReceived();
    expect(await outboxEmails(await getDb(), "payment-confirmation")).toEqual([]);
    fake.failNext(1, "invalidNumber");
    const [run] = await runWhatsappJobs();
    expect(run.status).toBe("fulfilled");
    await runWhatsappJobs();
    expect(fake.refused()).toBe(1);
    expect(fake.messages).toEqual([]);
    expect(await message()).toMatchObject({ status: "failed", errorCode: 131026 });
    expect(await outboxEmails(await getDb(), "payment-confirmation")).toEqual([
      expect.objectContaining({
        jobId: `payment-confirmation-${fx.booking.id}`,
        to: [fx.driver.email],
        language: "fr",
      }),
    ]);
  });
});

describe("the webhook", () => {
  async function sent() {
    await optIn();
    await tellPaymentReceived();
    await runWhatsappJobs();
    return fake.messages[0].id;
  }

  it("records one status however often the same webhook arrives, and never moves back", async () => {
    const wamid = await sent();
    expect([await fake.postStatus(wamid, "delivered")]).toEqual([200]);
    const first = await message();
    expect(first).toMatchObject({ status: "delivered" });
    expect(first.deliveredAt).not.toBeNull();
    expect([await fake.postStatus(wamid, "delivered"), await fake.postStatus(wamid, "delivered")]).toEqual([200, 200]);
    expect(await fake.postStatus(wamid, "sent")).toBe(200);
    expect(await message()).toMatchObject({ status: "delivered", deliveredAt: first.deliveredAt, sentAt: null });
    expect(await fake.postStatus(wamid, "read")).toBe(200);
    expect((await message()).status).toBe("read");
  });

  it("refuses a bad signature and records nothing", async () => {
    const wamid = await sent();
    expect(await fake.postStatus(wamid, "delivered", "bad")).toBe(401);
    expect(await receiveWhatsappWebhook("{}", null)).toBe("badSignature");
    expect(await message()).toMatchObject({ status: "accepted", deliveredAt: null });
  });

  it("at its route: the handshake, 401 for a bad signature, and a signed body of any shape is no 500", async () => {
    const pages = await servePages();
    try {
      const url = `${pages.url}/webhooks/whatsapp`;
      const handshake = await fetch(
        `${url}?hub.mode=subscribe&hub.verify_token=verify-me-integration&hub.challenge=1158201444`,
      );
      expect([handshake.status, await handshake.text()]).toEqual([200, "1158201444"]);
      expect((await fetch(`${url}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`)).status).toBe(403);
      const post = (body: string, signature: string) =>
        fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature },
          body,
        }).then((response) => response.status);
      const body = JSON.stringify({ entry: [{ changes: [{ value: { statuses: [{ id: "x", status: "read" }] } }] }] });
      expect(await post(body, `sha256=${"0".repeat(64)}`)).toBe(401);
      expect(await post(body, whatsappSignature(body, "whatsapp-app-secret-integration"))).toBe(200);
      expect(await post("not json", whatsappSignature("not json", "whatsapp-app-secret-integration"))).toBe(200);
    } finally {
      await pages.close();
    }
  });

  it("answers Meta's handshake only with our verify token", () => {
    const ask = (token: string) =>
      whatsappHandshake(
        new URLSearchParams({ "hub.mode": "subscribe", "hub.verify_token": token, "hub.challenge": "42" }),
      );
    expect(ask("verify-me-integration")).toBe("42");
    expect(ask("guess")).toBeNull();
  });

  it("opts the driver out on STOP: what follows goes by email only", async () => {
    await optIn();
    expect(await fake.postInbound("584141234567", "  Stop ")).toBe(200);
    const db = await getDb();
    expect(await consentedNumber(db, fx.driver.id)).toBeNull();
    await tellPaymentReceived();
    await runWhatsappJobs();
    expect(fake.messages).toEqual([]);
    expect(await db.select().from(whatsappMessages)).toEqual([]);
    expect(await outboxEmails(db, "payment-confirmation")).toHaveLength(1);
  });

  it("a failure it reports later fails the message and sends the email", async () => {
    const wamid = await sent();
    expect(await fake.postStatus(wamid, "failed")).toBe(200);
    expect(await fake.postStatus(wamid, "failed")).toBe(200);
    expect(await message()).toMatchObject({ status: "failed", errorCode: 131026 });
    expect(await outboxEmails(await getDb(), "payment-confirmation")).toHaveLength(1);
  });
});
