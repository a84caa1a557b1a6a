import { and, eq } from "drizzle-orm";
import { createUnactivatedAccount } from "~/modules/user/sign-up.server";
import { schema, type Transaction } from "~/utils/db.server";
import { refuse, type CheckoutInput } from "./checkout-outcome";

/* The booking's driver: the signed-in account, or the one a visitor's checkout creates. */

const { users } = schema;

export type Driver = { id: number; email: string; fullName: string; language: string };

/** A signed-in driver with their birth date (null when not given); the session names an active account. */
export async function signedInDriver(tx: Transaction, userId: number): Promise<Driver & { birthDate: string | null }> {
  const [user] = await tx
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      birthDate: users.birthDate,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, "active")));
  if (!user) throw new Error(`Checkout by unknown user ${userId}`);
  return user;
}

/** A visitor's new, unactivated account, as the booking's driver; an address already registered refuses the checkout. */
export async function visitorAccount(tx: Transaction, given: CheckoutInput["driver"], now: Date): Promise<Driver> {
  if (given.kind !== "visitor") throw new Error("A signed-in driver has an account");
  const { fullName, email, phone, birthDate, language } = given;
  const created = await createUnactivatedAccount(tx, { fullName, email, phone, birthDate, language }, now);
  return created.ok ? { id: created.userId, email, fullName, language } : refuse({ reason: "emailTaken" });
}
