import { fieldError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { updateUser } from "~/modules/api/operations/account-profile";
import { requireOwnBodyId } from "~/modules/api/own-account";
import { apiUser } from "~/modules/api/user.server";
import { messages } from "~/modules/forms/messages";
import { updateEmailNotifications, updateProfileFields } from "~/modules/user/profile.server";

const route = apiRoute(
  implement(updateUser, async ({ body, user }) => {
    const { id, _id, enableEmailNotifications, ...profile } = body;
    requireOwnBodyId(user, id, _id);
    // A document number needs its type, sent now or saved before (the page's rule).
    if (profile.documentNumber && !profile.documentType && !(await apiUser(user.id)).documentType)
      throw fieldError("documentType", messages.required);
    await updateProfileFields(user.id, profile);
    if (enableEmailNotifications !== undefined) await updateEmailNotifications(user.id, enableEmailNotifications);
    return reply(200, { user: await apiUser(user.id) });
  }),
);
export const loader = route.loader;
export const action = route.action;
