import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * docs/domain.md#booking-status: one door writes `bookings.status` (moveBooking in
 * move.server.ts). This test reads the product's source and fails on any other writer — a
 * drizzle update of the bookings table that sets `status`, or SQL that does — so a new one
 * cannot slip in unnoticed. Tests and the demo seed (which create rows, not moves) are not product code.
 */
const root = path.resolve(__dirname, "../../..");
const door = "app/modules/booking/move.server.ts";
const productDirs = ["app", "jobs", "db", "scripts", "config"];
const productFiles = ["server.ts", "worker.ts"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name === "migrations" ? [] : sourceFiles(relative);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The places in `source` that write bookings.status: drizzle's update(…bookings).set({ …status… }) or SQL. */
function statusWriters(source: string): string[] {
  const found: string[] = [];
  const drizzleUpdate = /\.update\(\s*(?:schema\.|s\.)?bookings\s*\)\s*\.set\(\s*\{([^}]*)\}/g;
  for (const match of source.matchAll(drizzleUpdate)) {
    if (/\bstatus\b/.test(match[1])) found.push(match[0]);
  }
  const rawSql = /update\s+"?bookings"?\s+set\s+[^;`]*\bstatus\s*=/gi;
  for (const match of source.matchAll(rawSql)) found.push(match[0]);
  return found;
}

describe("the booking status door", () => {
  it("recognises the ways a status is written", () => {
    expect(statusWriters(`await tx.update(bookings).set({ status: "paid" }).where(x)`)).toHaveLength(1);
    expect(
      statusWriters(`await tx.update(schema.bookings).set({ cancelRequest: false, status }).where(x)`),
    ).toHaveLength(1);
    expect(statusWriters("await sql`update bookings set price_cents = 1, status = 'paid' where id = 1`")).toHaveLength(
      1,
    );
    expect(statusWriters(`await tx.update(bookings).set({ cancelRequest: true }).where(x)`)).toHaveLength(0);
    expect(statusWriters(`await tx.update(users).set({ status: "deleted" })`)).toHaveLength(0);
  });

  it("is the only writer of bookings.status in the product's code", () => {
    const files = [...productDirs.flatMap(sourceFiles), ...productFiles].filter(
      (file) => file !== door && !file.endsWith("seed-data.ts"),
    );
    const writers = files.flatMap((file) =>
      statusWriters(fs.readFileSync(path.join(root, file), "utf8")).map((w) => `${file}: ${w}`),
    );
    expect(writers).toEqual([]);
    expect(statusWriters(fs.readFileSync(path.join(root, door), "utf8"))).toHaveLength(1);
  });
});
