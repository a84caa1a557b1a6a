import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { updateLanguage } from "~/modules/api/operations/account-profile";
import { requireOwnBodyId } from "~/modules/api/own-account";
import { apiUser } from "~/modules/api/user.server";
import { updateLanguage as saveLanguage } from "~/modules/user/profile.server";
import { languageCookie } from "~/utils/cookies.server";

const route = apiRoute(
  implement(updateLanguage, async ({ body, user, context }) => {
    requireOwnBodyId(user, body.id, body._id);
    await saveLanguage(user.id, body.language);
    // A browser signed in with the cookie keeps the language after signing out, as with the settings page.
    const headers =
      context.credential?.kind === "session"
        ? new Headers({ "Set-Cookie": await languageCookie.serialize(body.language) })
        : undefined;
    return reply(200, { user: await apiUser(user.id) }, headers);
  }),
);
export const loader = route.loader;
export const action = route.action;
