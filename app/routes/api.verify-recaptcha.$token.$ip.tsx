import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { verifyRecaptcha } from "~/modules/api/operations/account";
import { verifyCaptcha } from "~/modules/security/captcha.server";
import { RecaptchaUnavailable, verifyRecaptchaToken } from "~/modules/security/recaptcha.server";
import { getEnv } from "~/utils/env.server";
import { logError } from "~/utils/error-log";

/** Google's verdict when reCAPTCHA is configured; otherwise Rueda's own offline challenge. */
async function isValid(token: string, ip: string, answer: string | undefined): Promise<boolean> {
  const env = getEnv();
  if (!env.RECAPTCHA_SECRET) return !env.CAPTCHA_ENABLED || verifyCaptcha(env.SESSION_SECRET, token, answer);
  try {
    return await verifyRecaptchaToken({ secret: env.RECAPTCHA_SECRET, url: env.RECAPTCHA_VERIFY_URL }, token, ip);
  } catch (error) {
    if (!(error instanceof RecaptchaUnavailable)) throw error;
    logError("api verifyRecaptcha", error);
    throw new ApiError(502, "badGateway", "api:errors.recaptchaUnavailable");
  }
}

const route = apiRoute(
  implement(verifyRecaptcha, async ({ params, body }) =>
    (await isValid(params.token, params.ip, body.answer)) ? reply(200, { valid: true as const }) : reply(204, null),
  ),
);
export const loader = route.loader;
export const action = route.action;
