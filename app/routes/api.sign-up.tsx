import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { signUp } from "~/modules/api/operations/account";
import { apiUser } from "~/modules/api/user.server";
import { messages } from "~/modules/forms/messages";
import { verifyCaptcha } from "~/modules/security/captcha.server";
import { registerUserLimited } from "~/modules/user/account.server";
import { authMessages } from "~/modules/user/messages";
import { getEnv } from "~/utils/env.server";

const route = apiRoute(
  implement(signUp, async ({ body, context, language }) => {
    const env = getEnv();
    // The sign-up page's order: captcha, then the per-client limit, then the account.
    if (env.CAPTCHA_ENABLED && !verifyCaptcha(env.SESSION_SECRET, body.captchaToken, body.captchaAnswer)) {
      throw new ApiError(400, "validation", "validation.fixErrors", { captchaAnswer: authMessages.captcha });
    }
    const { fullName, email, phone, birthDate, password } = body;
    const result = await registerUserLimited({ fullName, email, phone, birthDate, password, language }, context.ip);
    if (!result.ok && result.reason === "rateLimited") throw new ApiError(429, "rateLimited", messages.rateLimited);
    if (!result.ok) throw new ApiError(409, "emailTaken", authMessages.emailTaken, { email: authMessages.emailTaken });
    return reply(201, { user: await apiUser(result.userId) });
  }),
);
export const loader = route.loader;
export const action = route.action;
