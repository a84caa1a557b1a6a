import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply, validate } from "~/modules/api/handler.server";
import { activate } from "~/modules/api/operations/account";
import { activateAccount, type ActivationResult } from "~/modules/user/account.server";
import { activateWithPassword, activationNeedsPassword } from "~/modules/user/activation.server";
import { resetPasswordSchema } from "~/modules/user/validation";

const refusals: Record<Exclude<ActivationResult["status"], "activated">, ApiError> = {
  expired: new ApiError(400, "linkExpired", "auth:activate.expired"),
  used: new ApiError(409, "linkUsed", "auth:activate.used"),
  unknown: new ApiError(400, "linkUnknown", "auth:activate.unknown"),
};

const route = apiRoute(
  implement(activate, async ({ body }) => {
    // As on the activation page: an account created at checkout chooses its password here.
    let result: ActivationResult;
    if (await activationNeedsPassword(body.token)) {
      const { password } = await validate(resetPasswordSchema, body);
      result = await activateWithPassword(body.token, password);
    } else {
      result = await activateAccount(body.token);
    }
    if (result.status !== "activated") throw refusals[result.status];
    return reply(200, { ok: true });
  }),
);
export const loader = route.loader;
export const action = route.action;
