import { ApiError, fieldError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { sendEmail } from "~/modules/api/operations/account-contact";
import { submitContactMessageLimited } from "~/modules/contact/contact.server";
import { messages } from "~/modules/forms/messages";

const route = apiRoute(
  implement(sendEmail, async ({ body, user, context, language }) => {
    const email = user?.email ?? body.email ?? body.from;
    if (!email) throw fieldError("email", messages.required);
    const sent = await submitContactMessageLimited(
      { userId: user?.id ?? null, email, subject: body.subject, message: body.message, language },
      context.ip,
    );
    if (sent === "rateLimited") throw new ApiError(429, "rateLimited", messages.rateLimited);
    return reply(200, { ok: true });
  }),
);
export const loader = route.loader;
export const action = route.action;
