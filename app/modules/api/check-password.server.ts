import { messages } from "~/modules/forms/messages";
import { verifyCurrentPassword, type CheckBudget } from "~/modules/user/password-change.server";
import { ApiError } from "./errors";
import { requireOwnPathId } from "./own-account";

/**
 * Both forms of check-password (GET with the password in the path, POST with it in the body):
 * whether it is the current password. The GET form spends a budget per account and client,
 * never change-password's (`budget`).
 */
export async function passwordMatches(
  user: { id: number },
  id: number,
  password: string,
  budget: CheckBudget = { kind: "account" },
): Promise<boolean> {
  requireOwnPathId(user, id);
  const verdict = await verifyCurrentPassword(user.id, password, budget);
  if (verdict === "rateLimited") throw new ApiError(429, "rateLimited", messages.rateLimited);
  return verdict === "matches";
}
