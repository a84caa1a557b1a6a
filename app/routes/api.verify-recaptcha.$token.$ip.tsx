import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { verifyRecaptcha } from "~/modules/api/operations/account-sign-up";
import { messages } from "~/modules/forms/messages";
import { checkCaptchaLimited } from "~/modules/security/captcha.server";

/** The spec's check (docs/security.md#captcha): what was checked beside the verdict, `off` when nothing was. */
const route = apiRoute(
  implement(verifyRecaptcha, async ({ params, body, context }) => {
    const result = await checkCaptchaLimited(params.token, body.answer, context.ip);
    if (result === "rateLimited") throw new ApiError(429, "rateLimited", messages.rateLimited);
    if (result.verdict === "unavailable") throw new ApiError(502, "badGateway", "api:errors.recaptchaUnavailable");
    return result.verdict === "passed"
      ? reply(200, { valid: true as const, captcha: result.checked })
      : reply(204, null);
  }),
);
export const loader = route.loader;
export const action = route.action;
