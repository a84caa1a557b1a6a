import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply, validate } from "~/modules/api/handler.server";
import { activate } from "~/modules/api/operations/account-links";
import { messages } from "~/modules/forms/messages";
import { inspectActivationLink, type ActivationResult, activateWithPassword } from "~/modules/user/activation.server";
import { inspectResetLink, resetPasswordLimited } from "~/modules/user/password-reset.server";
import { resetPasswordSchema } from "~/modules/user/validation";

const refusals: Record<Exclude<ActivationResult["status"], "activated">, ApiError> = {
  expired: new ApiError(400, "linkExpired", "auth:activate.expired"),
  used: new ApiError(409, "linkUsed", "auth:activate.used"),
  unknown: new ApiError(400, "linkUnknown", "auth:activate.unknown"),
};

/** A link of the account named (when the client names one); another account's link is unknown here. */
const ofAccount = (link: { status: string; userId?: number }, userId: number | undefined) =>
  link.status !== "unknown" && (userId === undefined || link.userId === userId);

const route = apiRoute(
  implement(activate, async ({ body, context }) => {
    // The pages' password rules; a client that asks once sends no confirmation.
    const { password } = await validate(resetPasswordSchema, {
      ...body,
      confirmPassword: body.confirmPassword ?? body.password,
    });
    // As on the activation page: the password is always chosen with the link (docs/security.md#unproven-addresses).
    if (ofAccount(await inspectActivationLink(body.token), body.userId)) {
      const result = await activateWithPassword(body.token, password);
      if (result.status !== "activated") throw refusals[result.status];
      return reply(200, { ok: true });
    }
    // A password-reset link, spent as the reset page spends it (docs/architecture.md#api).
    if (!ofAccount(await inspectResetLink(body.token), body.userId)) throw refusals.unknown;
    const result = await resetPasswordLimited(body.token, password, context.ip);
    if (result.status === "rateLimited") throw new ApiError(429, "rateLimited", messages.rateLimited);
    if (result.status !== "changed") throw refusals[result.status];
    return reply(200, { ok: true });
  }),
);
export const loader = route.loader;
export const action = route.action;
