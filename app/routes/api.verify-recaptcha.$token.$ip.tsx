import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { verifyRecaptcha } from "~/modules/api/operations/account";
import { verifyCaptcha } from "~/modules/security/captcha.server";
import { getEnv } from "~/utils/env.server";

const route = apiRoute(
  implement(verifyRecaptcha, async ({ params, body }) => {
    const env = getEnv();
    return reply(200, { valid: !env.CAPTCHA_ENABLED || verifyCaptcha(env.SESSION_SECRET, params.token, body.answer) });
  }),
);
export const loader = route.loader;
export const action = route.action;
