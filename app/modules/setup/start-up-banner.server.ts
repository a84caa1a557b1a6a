import { DEMO_PASSWORD, demoLogins } from "~/utils/db.server";
import type { PreparedDatabase } from "./prepare-database.server";

/**
 * What the web server prints once it listens (docs/operations.md#start-up): where it serves and on
 * what, the demo-money decisions (said at every start, so an operator sees at once whether demo
 * money is live, docs/operations.md#demo-money), the demo logins, and what to do without an admin.
 */
export function startUpBanner(
  prepared: PreparedDatabase,
  setting: { port: number; redis: boolean; processes: number; decisions: string[]; demoData: boolean },
): string[] {
  const jobs = setting.redis ? " + Redis" : ", in-process jobs";
  const workers = setting.processes > 1 ? `, ${setting.processes} processes` : "";
  const lines = [`Rueda is serving http://localhost:${setting.port} (${prepared.kind}${jobs}${workers})`];
  lines.push(...setting.decisions);
  if (prepared.seeded) lines.push("Demo data was loaded into the empty database.");
  if (setting.demoData) {
    lines.push(`Demo logins (password: ${DEMO_PASSWORD}):`);
    for (const login of demoLogins) lines.push(`  ${login.role.padEnd(9)} ${login.email}`);
  }
  if (prepared.admin === "invited")
    lines.push("No administrator existed: ADMIN_EMAIL was emailed a link to choose a password.");
  if (prepared.admin === "missing") {
    lines.push(
      'No administrator yet. Create one with: npm run admin:create -- --email you@example.com --name "Your Name"',
    );
    lines.push("(or set ADMIN_EMAIL and restart: that address is emailed a link to choose a password).");
  }
  return lines;
}
