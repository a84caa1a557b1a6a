import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { validateAccessToken } from "~/modules/api/operations/session";
import { apiUser } from "~/modules/api/user.server";

const route = apiRoute(
  implement(validateAccessToken, async ({ user }) => reply(200, { user: await apiUser(user.id) })),
);
export const loader = route.loader;
export const action = route.action;
