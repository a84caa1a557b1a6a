import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { ApiError } from "~/modules/api/errors";
import { signInFrontend } from "~/modules/api/operations/session";
import { apiUser } from "~/modules/api/user.server";
import { messages } from "~/modules/forms/messages";
import { attemptCredentials, type SignInFailure } from "~/modules/user/auth.server";
import { authMessages } from "~/modules/user/messages";
import { issueApiToken } from "~/utils/api-tokens.server";
import { createUserSession, destroySession } from "~/utils/session.server";

const failures: Record<SignInFailure, ApiError> = {
  rateLimited: new ApiError(429, "rateLimited", messages.rateLimited),
  incorrect: new ApiError(401, "incorrectCredentials", authMessages.incorrectCredentials),
  suspended: new ApiError(403, "suspended", authMessages.suspended),
  // docs/security.md#unproven-addresses: no token and no session until the address is proven.
  notActivated: new ApiError(403, "notActivated", authMessages.notActivated),
};

const route = apiRoute(
  implement(signInFrontend, async ({ body, context }) => {
    const result = await attemptCredentials({ email: body.email, password: body.password, ip: context.ip });
    if (!result.ok) throw failures[result.reason];
    // As on the sign-in page: a new session id on every sign-in.
    if (context.sessionId) await destroySession(context.sessionId);
    const headers = new Headers({ "Set-Cookie": await createUserSession(result.user.id, Boolean(body.stayConnected)) });
    const { token, expiresAt } = await issueApiToken(result.user.id);
    const user = await apiUser(result.user.id);
    // The account itself with its token, as a client stores its user; `user` for earlier clients.
    return reply(200, { ...user, accessToken: token, expiresAt: expiresAt.toISOString(), user }, headers);
  }),
);
export const loader = route.loader;
export const action = route.action;
