import { passwordMatches } from "~/modules/api/check-password.server";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { checkPasswordPost } from "~/modules/api/operations/account";

const route = apiRoute(
  implement(checkPasswordPost, async ({ params, body, user }) =>
    reply(200, await passwordMatches(user, params.id, body.password)),
  ),
);
export const loader = route.loader;
export const action = route.action;
