import { expect, jsModes, test } from "./support";
import { ADMIN, pagoMovilData, signIn, signOut, STAFF, submitTransfer, today } from "./pago-movil";

/*
 * The queue of pago móvil transfers to verify (docs/domain.md#pago-móvil): paged and sorted,
 * read-only for supplier staff, and nobody verifying their own booking.
 */
const { sql, newDriver, freshHold, paymentOf, statusOf } = pagoMovilData();

for (const mode of jsModes) {
  test.describe(`pago móvil ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    // Each test is a driver and a staff member taking turns: several sign-ins and page loads.
    test.describe.configure({ timeout: 120_000 });

    test("the queue pages through every transfer with its count, and sorts newest or oldest first", async ({
      page,
    }) => {
      const driver = await newDriver();
      // More than a page of transfers awaiting staff, each for its own hold.
      const created: Array<{ id: number; reference: string }> = [];
      for (let i = 0; i < 31; i++) {
        const booking = await freshHold(driver);
        await sql`
          insert into payments (booking_id, method, amount_cents, provider_reference, details)
          values (${booking.id}, 'mobilePayment', ${booking.priceCents}, ${`pm:0134:${booking.reference}:queue`},
            ${sql.json({ bank: "0134", phone: "04141234567", reference: `4${i}${String(Date.now()).slice(-6)}`, date: today() })})`;
        await sql`update bookings set status = 'pending' where id = ${booking.id}`;
        created.push(booking);
      }
      const [{ total }] = await sql<
        { total: number }[]
      >`select count(*)::int as total from payments where method = 'mobilePayment' and status = 'pending'`;
      const newest = created.at(-1)!;
      try {
        await signIn(page, ADMIN);
        await page.goto("/admin/payments?l=en");
        await expect(page.getByText(`${total} payments await verification`)).toBeVisible();
        await page.getByLabel("Order", { exact: true }).selectOption("newest");
        await page.getByRole("button", { name: "Sort" }).click();
        await expect(page).toHaveURL(/order=newest/);
        const rows = page.getByRole("row").filter({ has: page.getByRole("link", { name: /^View booking/ }) });
        await expect(rows.first()).toContainText(newest.reference);
        await expect(rows.first()).toContainText(/Balance due: \$[\d,.]+/);
        await expect(rows).toHaveCount(30);
        await page.getByRole("navigation", { name: "Pages" }).first().getByRole("link", { name: "Next" }).click();
        await expect(page).toHaveURL(/page=2/);
        await expect(page).toHaveURL(/order=newest/);
        // Newest first, the oldest of the 31 is the first row of page 2.
        await expect(rows.first()).toContainText(created[0].reference);
        await page.getByLabel("Order", { exact: true }).selectOption("oldest");
        await page.getByRole("button", { name: "Sort" }).click();
        await expect(rows.first()).not.toContainText(newest.reference);
      } finally {
        // Out of the way of the other tests, which look for their own rows on the first page.
        await sql`update payments set status = 'failed' where booking_id in ${sql(created.map((b) => b.id))}`;
      }
    });
  });
}

/*
 * Duplicate transfers, who may verify and whose pages are in reach are the server's answers, the same with JavaScript on or off; the transfer and verification forms are submitted without JavaScript in payment-mobile-verification.spec.ts (docs/operations.md#tests).
 */
test.describe("pago móvil: the server's rules", () => {
  test("supplier staff see the queue read-only; an admin cannot verify the payment of their own booking", async ({
    page,
  }) => {
    // Three sign-ins and a booking: 20 s of the default 30 s in a CI run on a slow machine.
    test.slow();
    const driver = await newDriver();
    const theirs = await freshHold(driver);
    const own = await freshHold(ADMIN);
    for (const [who, booking] of [
      [driver, theirs],
      [ADMIN, own],
    ] as const) {
      await signIn(page, who);
      await page.goto(`/payment/mobile?b=${booking.id}&l=en`);
      await submitTransfer(page, { phone: "04121234567", reference: `6${String(Date.now()).slice(-9)}` });
      await expect(page.getByRole("heading", { name: "Payment awaiting verification", level: 1 })).toBeVisible();
      await signOut(page);
    }
    const payment = await paymentOf(theirs.id);
    const ownPayment = await paymentOf(own.id);

    // The transfer lands in the operator's account: the supplier's staff follow it but cannot approve it.
    await signIn(page, STAFF);
    await page.goto("/admin/payments?order=newest&l=en");
    await expect(page.getByText("Only the operator's admins approve or reject transfers")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: theirs.reference });
    await expect(row).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Approve|Reject) the payment/ })).toHaveCount(0);
    await expect(page.getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
    const forms: Array<Record<string, string>> = [
      { intent: "approve", paymentId: String(payment.id) },
      { intent: "reject", paymentId: String(payment.id), reason: "Forged" },
    ];
    for (const form of forms) {
      const answer = await page.request.post("/admin/payments?l=en", { form, maxRedirects: 0 });
      expect(answer.status()).toBe(403);
      expect(await answer.text()).toContain("You do not have access to this page.");
    }
    expect((await paymentOf(theirs.id)).status).toBe("pending");
    await signOut(page);

    // An admin's own booking: no buttons, a note, and a forged approval refused with a message.
    await signIn(page, ADMIN);
    await page.goto("/admin/payments?order=newest&l=en");
    const ownRow = page.getByRole("row").filter({ hasText: own.reference });
    await expect(ownRow).toContainText("Your own booking: another admin must verify this payment.");
    await expect(ownRow.getByRole("button")).toHaveCount(0);
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: theirs.reference })
        .getByRole("button", { name: `Approve the payment for booking ${theirs.reference}` }),
    ).toBeVisible();
    const forged = await page.request.post("/admin/payments?order=newest", {
      form: { intent: "approve", paymentId: String(ownPayment.id) },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(302);
    await page.goto("/admin/payments?order=newest&l=en");
    await expect(
      page.getByText("You cannot approve or reject the payment of your own booking: another admin must verify it."),
    ).toBeVisible();
    expect((await paymentOf(own.id)).status).toBe("pending");
    expect(await statusOf(own.id)).toBe("pending");
  });
});
