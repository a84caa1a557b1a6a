import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { resendLink } from "~/modules/api/operations/account-links";
import { messages } from "~/modules/forms/messages";
import { resendActivationLimited } from "~/modules/user/activation.server";

const alreadyActive = () => new ApiError(409, "alreadyActive", "auth:banner.alreadyActive");

const route = apiRoute(
  implement(resendLink, async ({ user }) => {
    if (user.activated) throw alreadyActive();
    const result = await resendActivationLimited(user.id);
    if (result === "rateLimited") throw new ApiError(429, "rateLimited", messages.rateLimited);
    if (result === "alreadyActive") throw alreadyActive();
    if (result !== "sent") throw new ApiError(500, "internal", "auth:banner.error");
    return reply(200, { ok: true });
  }),
);
export const loader = route.loader;
export const action = route.action;
