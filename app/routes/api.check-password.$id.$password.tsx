import { passwordMatches } from "~/modules/api/check-password.server";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { checkPassword } from "~/modules/api/operations/account";

const route = apiRoute(implement(checkPassword, async ({ params, user }) => reply(200, await passwordMatches(user, params.id, params.password))));
export const loader = route.loader;
export const action = route.action;
