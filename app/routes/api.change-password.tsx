import { ApiError, fieldError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { changePassword } from "~/modules/api/operations/account-password";
import { requireOwnBodyId } from "~/modules/api/own-account";
import { messages } from "~/modules/forms/messages";
import { changePassword as savePassword } from "~/modules/user/password-change.server";
import { authMessages } from "~/modules/user/messages";

const route = apiRoute(
  implement(changePassword, async ({ body, user, context }) => {
    requireOwnBodyId(user, body.id, body._id);
    // The caller's own credential survives; every other session and token ends (docs/security.md#api-tokens).
    const result = await savePassword({
      userId: user.id,
      currentPassword: body.currentPassword,
      password: body.newPassword,
      keep: context.credential,
    });
    if (result === "rateLimited") throw new ApiError(429, "rateLimited", messages.rateLimited);
    if (result === "wrongPassword")
      throw fieldError(body.reference ? "password" : "currentPassword", authMessages.wrongPassword, "wrongPassword");
    return reply(200, { ok: true });
  }),
);
export const loader = route.loader;
export const action = route.action;
