import type { APIRequestContext, Page } from "@playwright/test";
import { clientAs } from "./admin-fixtures";
import { expect, jsModes, resendFakeUrl, test, uniqueEmail, waitForEmails } from "./support";
import { signedInAs } from "./sign-in";

/*
 * The failed-jobs page (docs/operations.md#outbox): an email that failed for good shows with its
 * recipient, template, attempts and reason; "Re-send" puts it back in line under the same job id
 * (Resend gets it as idempotency key) and the audit log says who did it. Runs on the embedded
 * default and on PostgreSQL + Redis + worker alike.
 */
const ADMIN = "admin@rueda.example";
const PASSWORD = "Rueda2026!";

/**
 * `count` sign-ups whose activation emails Resend refuses for good (a 422: no retry can fix it),
 * from a client of their own so the admin's browser stays signed in. Returns their addresses.
 */
async function failedActivationEmails(request: APIRequestContext, baseURL: string, count: number): Promise<string[]> {
  expect((await request.post(`${resendFakeUrl}/failures?count=${count}&kind=invalid`)).status()).toBe(200);
  const emails: string[] = [];
  for (let i = 0; i < count; i++) emails.push(await signUp(baseURL));
  return emails;
}

/** A sign-up from a visitor of its own (a signed-in client would just be sent home). */
async function signUp(baseURL: string): Promise<string> {
  const email = uniqueEmail("outbox");
  const visitor = await clientAs(baseURL, null);
  const response = await visitor.post("/sign-up?l=en", {
    form: {
      fullName: "Olga Outbox",
      email,
      phone: "+58 414 555 0101",
      birthDate: "1990-04-12",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      tos: "on",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(400);
  await visitor.dispose();
  return email;
}

/** The failed-jobs table's row for the email to `email`, once the outbox has recorded the failure. */
async function failedRow(page: Page, email: string) {
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(async () => {
    await page.goto("/admin/outbox?l=en");
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  return row;
}

for (const mode of jsModes) {
  test.describe(`failed jobs ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    test.describe.configure({ timeout: 90_000 });

    test("an email that failed for good is listed with its reason, re-sent once under its job id, and the re-send is audited", async ({
      page,
      request,
      baseURL,
    }) => {
      await signedInAs(page, ADMIN, PASSWORD);
      const [email] = await failedActivationEmails(request, baseURL!, 1);

      const row = await failedRow(page, email);
      await expect(page.getByRole("heading", { name: "Failed jobs", level: 1 })).toBeVisible();
      await expect(row).toContainText("Template: activation");
      await expect(row).toContainText("Resend validation_error: Simulated invalid request");
      await expect(row.getByRole("cell").nth(2)).toHaveText("1");
      await expect(row).toContainText(/Created \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      await expect(row).toContainText(/Failed \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      await expect(page.getByTestId("outbox-failed")).not.toHaveText("0");
      await expect(page.getByTestId("outbox-waiting")).toHaveText(/^\d+$/);
      const jobId = (await row.locator(".outbox-job-id").textContent())!.trim();
      expect(jobId).toMatch(/^activation-/);
      const rowId = await row.locator('input[name="id"]').inputValue();

      await row.getByRole("button", { name: `Re-send ${jobId}` }).click();
      await expect(page.getByRole("status").filter({ hasText: "1 job is queued again." })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/outbox$/);
      const [delivered] = await waitForEmails(request, email);
      expect(delivered.idempotencyKey).toBe(jobId);
      await page.goto("/admin/outbox?l=en");
      await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);

      // Asking again for the same job (a second tab, a double click) sends nothing more.
      const again = await page.request.post("/admin/outbox?l=en", {
        form: { intent: "resend", id: rowId },
        maxRedirects: 0,
      });
      expect(again.status()).toBe(302);
      await page.waitForTimeout(1500);
      expect(await waitForEmails(request, email)).toHaveLength(1);

      await page.goto("/admin/audit?l=en");
      await page.getByLabel("Subject").selectOption({ label: "Job" });
      await page.getByLabel("Who (email)").fill(ADMIN);
      await page.getByRole("button", { name: "Filter", exact: true }).click();
      await expect(page).toHaveURL(/subject=outbox/);
      const entry = page.getByRole("row").filter({ hasText: jobId });
      await expect(entry).toContainText("Failed job re-sent");
      await expect(entry).toContainText(ADMIN);
      await expect(entry).toContainText("Status");
      await expect(entry).toContainText("failed → pending");
    });

    test("re-send all puts every failed job back in line", async ({ page, request, baseURL }) => {
      await signedInAs(page, ADMIN, PASSWORD);
      const [first, second] = await failedActivationEmails(request, baseURL!, 2);
      await failedRow(page, first);
      await failedRow(page, second);
      await page.getByRole("button", { name: /^Re-send (all \d+ failed jobs|the failed job)$/ }).click();
      await expect(page.getByRole("status").filter({ hasText: /\d+ jobs? (is|are) queued again\./ })).toBeVisible();
      await waitForEmails(request, first);
      await waitForEmails(request, second);
      await page.goto("/admin/outbox?l=en");
      await expect(page.getByText("No job has failed. Everything was delivered or is on its way.")).toBeVisible();
      await expect(page.getByTestId("outbox-failed")).toHaveText("0");
    });
  });
}

test("a forged re-send form is answered 400", async ({ page }) => {
  await signedInAs(page, ADMIN, PASSWORD);
  const forged: Array<Record<string, string>> = [
    { intent: "resend", id: "abc" },
    { intent: "resend" },
    { intent: "explode" },
    { intent: "resend", id: "-4" },
  ];
  for (const form of forged) {
    const response = await page.request.post("/admin/outbox?l=en", { form, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(form)).toBe(400);
  }
});
