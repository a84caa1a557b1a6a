import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { signUp } from "~/modules/api/operations/account-sign-up";
import { apiUser } from "~/modules/api/user.server";
import { messages } from "~/modules/forms/messages";
import { captchaField, requiredCaptcha } from "~/modules/security/captcha.server";
import { registerUserLimited } from "~/modules/user/sign-up.server";
import { authMessages } from "~/modules/user/messages";

const route = apiRoute(
  implement(signUp, async ({ body, context, language }) => {
    // The sign-up page's order: the per-client limit, then the captcha, then the account.
    const { fullName, email, phone, birthDate, password, captchaToken, captchaAnswer } = body;
    const result = await registerUserLimited({ fullName, email, phone, birthDate, password, language }, context.ip, {
      token: captchaToken,
      answer: captchaAnswer,
    });
    if (!result.ok && result.reason === "rateLimited") throw new ApiError(429, "rateLimited", messages.rateLimited);
    if (!result.ok && result.reason === "captcha") {
      const field = captchaField(requiredCaptcha() ?? "challenge");
      throw new ApiError(400, "validation", "validation.fixErrors", { [field]: authMessages.captcha });
    }
    if (!result.ok && result.reason === "captchaUnavailable")
      throw new ApiError(502, "badGateway", "api:errors.recaptchaUnavailable");
    if (!result.ok) throw new ApiError(409, "emailTaken", authMessages.emailTaken, { email: authMessages.emailTaken });
    return reply(201, { user: await apiUser(result.userId) });
  }),
);
export const loader = route.loader;
export const action = route.action;
