import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { validateEmail } from "~/modules/api/operations/account-sign-up";
import { messages } from "~/modules/forms/messages";
import { emailAvailableLimited } from "~/modules/user/sign-up.server";

const route = apiRoute(
  implement(validateEmail, async ({ body, context }) => {
    // It tells whether an address is registered, as the sign-up form does: under the sign-up limit.
    const available = await emailAvailableLimited(body.email, context.ip);
    if (available === "rateLimited") throw new ApiError(429, "rateLimited", messages.rateLimited);
    // The reference client reads 200 as free and any other status as taken.
    return available ? reply(200, { available: true as const }) : reply(204, null);
  }),
);
export const loader = route.loader;
export const action = route.action;
