import { refreshSupplierScores } from "~/modules/review/supplier-scores.server";
import { inviteFirstAdmin } from "~/modules/user/admin-account.server";
import { hashPassword } from "~/modules/user/password.server";
import { DEMO_PASSWORD, seedIfEmpty, withSetupLock } from "~/utils/db.server";

export type PreparedDatabase = {
  kind: "postgres" | "pglite";
  /** Demo data was loaded into the empty database just now. */
  seeded: boolean;
  /** Whether an administrator exists, was invited from ADMIN_EMAIL, or is still missing. */
  admin: "exists" | "invited" | "missing";
};

/**
 * The web server's start-up step (docs/operations.md#start-up): migrations, then demo
 * data if asked for and the database is empty, then the first administrator from
 * ADMIN_EMAIL. All of it under one lock, so machines starting together take turns.
 */
export function prepareDatabase(options: { demoData: boolean; adminEmail?: string }): Promise<PreparedDatabase> {
  return withSetupLock(async ({ db, kind, migrate }) => {
    await migrate();
    const seeded = options.demoData ? await seedIfEmpty(db, () => hashPassword(DEMO_PASSWORD)) : false;
    // The demo's reviews count towards their suppliers' scores by the rule's one place (docs/domain.md#reviews).
    if (seeded) await refreshSupplierScores(db);
    const admin = await inviteFirstAdmin(db, options.adminEmail);
    return { kind, seeded, admin };
  });
}
