import { ApiError, fieldError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { updateAvatar } from "~/modules/api/operations/account-profile";
import { requireOwnPathId } from "~/modules/api/own-account";
import { apiUser } from "~/modules/api/user.server";
import { replaceAvatar } from "~/modules/user/profile.server";
import { avatarFromUpload } from "~/modules/user/avatar.server";

const route = apiRoute(
  implement(updateAvatar, async ({ params, body, user }) => {
    requireOwnPathId(user, params.id);
    const upload = await avatarFromUpload(user.id, new Uint8Array(await body.image.arrayBuffer()));
    if (!upload.ok)
      throw upload.status === 400
        ? fieldError("image", upload.message)
        : new ApiError(429, upload.code, upload.message);
    await replaceAvatar(user.id, upload.webp);
    return reply(200, { user: await apiUser(user.id) });
  }),
);
export const loader = route.loader;
export const action = route.action;
