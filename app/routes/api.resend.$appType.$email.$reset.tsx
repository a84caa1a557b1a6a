import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { resend } from "~/modules/api/operations/account-links";
import { messages } from "~/modules/forms/messages";
import { requestPasswordResetLimited } from "~/modules/user/password-reset.server";
import { resendActivationByEmail } from "~/modules/user/activation.server";
import { authMessages } from "~/modules/user/messages";

const notRegistered = () => new ApiError(404, "emailNotRegistered", authMessages.emailNotRegistered);
const rateLimited = () => new ApiError(429, "rateLimited", messages.rateLimited);

const route = apiRoute(
  implement(resend, async ({ params, context }) => {
    if (params.reset) {
      const result = await requestPasswordResetLimited(params.email, context.ip);
      if (result === "rateLimited") throw rateLimited();
      if (result === "notRegistered") throw notRegistered();
      return reply(200, { ok: true });
    }
    // Counted per client before the lookup, like the reset branch (docs/security.md#rate-limits).
    const result = await resendActivationByEmail(params.email, context.ip);
    if (result === "rateLimited") throw rateLimited();
    if (result === "alreadyActive") throw new ApiError(409, "alreadyActive", "auth:banner.alreadyActive");
    if (result === "unknown") throw notRegistered();
    if (result === "error") throw new ApiError(500, "internal", "auth:banner.error");
    return reply(200, { ok: true });
  }),
);
export const loader = route.loader;
export const action = route.action;
