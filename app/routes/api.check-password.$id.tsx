import { passwordMatches } from "~/modules/api/check-password.server";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { checkPasswordPost } from "~/modules/api/operations/account-password";

const route = apiRoute(
  implement(checkPasswordPost, async ({ params, body, user }) =>
    (await passwordMatches(user, params.id, body.password)) ? reply(200, { matches: true as const }) : reply(204, null),
  ),
);
export const loader = route.loader;
export const action = route.action;
