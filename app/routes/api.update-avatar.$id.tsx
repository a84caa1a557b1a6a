import { fieldError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { updateAvatar } from "~/modules/api/operations/account";
import { requireOwnPathId } from "~/modules/api/own-account";
import { apiUser } from "~/modules/api/user.server";
import { replaceAvatar } from "~/modules/user/account.server";
import { processAvatar } from "~/modules/user/avatar.server";
import { authMessages } from "~/modules/user/messages";

const route = apiRoute(
  implement(updateAvatar, async ({ params, body, user }) => {
    requireOwnPathId(user, params.id);
    const image = await processAvatar(new Uint8Array(await body.image.arrayBuffer()));
    if (!image) throw fieldError("image", authMessages.imageInvalid);
    await replaceAvatar(user.id, image);
    return reply(200, { user: await apiUser(user.id) });
  }),
);
export const loader = route.loader;
export const action = route.action;
