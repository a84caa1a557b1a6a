import { sql } from "drizzle-orm";
import { newDriver, rows } from "./admin-fixtures";
import { publishedReviews } from "./review-fixtures";
import { seedDatabase } from "./seed-database";
import { expect, test } from "./support";

/*
 * A supplier's public page (docs/domain.md#reviews) on a phone, as anyone reads it: "new" and no
 * averages below three reviews, then its score and each aspect's average; its reviews newest first
 * with the supplier's reply, never their author; reached from the suppliers' list. Plain links:
 * the same without JavaScript.
 */
const db = seedDatabase("two, then three reviews of Andes Drive, one with a reply");

test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

test("a supplier's page says 'new' below three reviews, then its score and averages, with each review and its reply", async ({
  page,
}) => {
  const driver = await newDriver(db(), "Rosa Reseñas");
  await publishedReviews(db(), "andes", [4, 5], driver.id);
  await db().execute(sql`update reviews set reply = 'Thank you, see you soon!', replied_at = now()
    where booking_id = (select max(booking_id) from reviews r join suppliers s on s.id = r.supplier_id where s.slug = 'andes')`);

  await page.goto("/suppliers?l=en");
  await page.getByRole("link", { name: "Read the reviews of Andes Drive" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reviews of Andes Drive");
  await expect(page.getByText("New · fewer than 3 reviews")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Average by aspect" })).toHaveCount(0);
  const reviews = page.getByRole("region", { name: "Drivers' reviews" }).getByRole("listitem");
  await expect(reviews).toHaveCount(2);
  // Newest first, with the supplier's reply; no author named.
  await expect(reviews.first()).toContainText("The supplier's reply");
  await expect(reviews.first()).toContainText("Thank you, see you soon!");
  await expect(reviews.first()).toContainText(/Overall★★★★★ 5 out of 5/);
  await expect(page.getByText("Rosa Reseñas")).toHaveCount(0);

  await publishedReviews(db(), "andes", [5], driver.id);
  await page.reload();
  await expect(page.getByText(/★ 4\.7 out of 5 · 3 reviews/)).toBeVisible();
  const aspects = page.getByRole("region", { name: "Average by aspect" });
  await expect(aspects).toContainText(/Car condition★★★★★ 4\.7 out of 5/);
  // Drawn as it reads: the five stars filled to 4.7 of 5 (94 %), not rounded up to five.
  const drawn = aspects.getByRole("definition").first().locator("[aria-hidden]");
  await expect(drawn).toHaveCSS("background-image", /rgb\(161, 98, 7\) 94%, rgb\(214, 211, 209\) 94%/);
  await expect(reviews).toHaveCount(3);
  await expect(page.getByRole("link", { name: "See the cars of Andes Drive" })).toHaveAttribute("href", /supplier=\d+/);

  // A car's page leads to its supplier's, and says its score.
  const [car] = await rows<{ id: number }>(
    db(),
    sql`select c.id from cars c join suppliers s on s.id = c.supplier_id where s.slug = 'andes' and c.status = 'active' order by c.id limit 1`,
  );
  await page.goto(`/cars/${car.id}?l=en`);
  await expect(page.getByRole("img", { name: /^4\.7 out of 5, \d+ reviews$/ })).toBeVisible();
  await page.getByRole("link", { name: "Read the reviews of Andes Drive" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reviews of Andes Drive");
});
