import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { signOut } from "~/modules/api/operations/session";
import { revokeApiToken } from "~/utils/api-tokens.server";
import { destroySession } from "~/utils/session.server";

const route = apiRoute(
  implement(signOut, async ({ context }) => {
    if (context.credential?.kind === "token") await revokeApiToken(context.credential.id);
    const headers = new Headers({ "Set-Cookie": await destroySession(context.sessionId) });
    return reply(200, { ok: true }, headers);
  }),
);
export const loader = route.loader;
export const action = route.action;
