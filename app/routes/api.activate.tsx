import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply, validate } from "~/modules/api/handler.server";
import { activate } from "~/modules/api/operations/account";
import type { ActivationResult } from "~/modules/user/account.server";
import { activateWithPassword } from "~/modules/user/activation.server";
import { resetPasswordSchema } from "~/modules/user/validation";

const refusals: Record<Exclude<ActivationResult["status"], "activated">, ApiError> = {
  expired: new ApiError(400, "linkExpired", "auth:activate.expired"),
  used: new ApiError(409, "linkUsed", "auth:activate.used"),
  unknown: new ApiError(400, "linkUnknown", "auth:activate.unknown"),
};

const route = apiRoute(
  implement(activate, async ({ body }) => {
    // As on the activation page: the password is always chosen with the link (docs/security.md#unproven-addresses).
    const { password } = await validate(resetPasswordSchema, body);
    const result: ActivationResult = await activateWithPassword(body.token, password);
    if (result.status !== "activated") throw refusals[result.status];
    return reply(200, { ok: true });
  }),
);
export const loader = route.loader;
export const action = route.action;
