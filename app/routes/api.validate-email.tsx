import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { validateEmail } from "~/modules/api/operations/account";
import { messages } from "~/modules/forms/messages";
import { consume } from "~/modules/security/rate-limit.server";
import { findAccountByEmail } from "~/modules/user/account.server";

const route = apiRoute(
  implement(validateEmail, async ({ body, context }) => {
    // It tells whether an address is registered, as the sign-up form does: under the sign-up limit.
    if (!(await consume("sign-up", context.ip))) throw new ApiError(429, "rateLimited", messages.rateLimited);
    return reply(200, { available: (await findAccountByEmail(body.email)) === null });
  }),
);
export const loader = route.loader;
export const action = route.action;
