import { passwordMatches } from "~/modules/api/check-password.server";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { checkPassword } from "~/modules/api/operations/account-password";

// A cross-site link can make a signed-in browser send this GET: it spends a budget per client,
// never the account's change-password budget (docs/security.md#rate-limits).
const route = apiRoute(
  implement(checkPassword, async ({ params, user, context }) =>
    (await passwordMatches(user, params.id, params.password, { kind: "client", ip: context.ip }))
      ? reply(200, { matches: true as const })
      : reply(204, null),
  ),
);
export const loader = route.loader;
export const action = route.action;
