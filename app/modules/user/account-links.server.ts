import { and, eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { checkToken, discardUnusedTokens } from "./tokens.server";

const { users } = schema;

/**
 * What an emailed link (activation or reset) of this account would do, without spending it;
 * `unknown` when it is no link of this account (checked by id and address together).
 */
export async function inspectAccountLink(input: { userId: number; email: string; token: unknown }, now = new Date()) {
  const db = await getDb();
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.id, input.userId), eq(users.email, input.email.trim().toLowerCase()), eq(users.status, "active")),
    );
  if (!owner) return { status: "unknown" as const };
  for (const kind of ["activation", "reset"] as const) {
    const link = await checkToken(db, kind, input.token, now);
    if (link.status !== "unknown" && link.userId === owner.id) return { status: link.status, kind };
  }
  return { status: "unknown" as const };
}

/** The account's emailed links that are still unused stop working (e.g. after it was activated elsewhere). */
export async function discardAccountLinks(userId: number) {
  const db = await getDb();
  await discardUnusedTokens(db, userId);
}
