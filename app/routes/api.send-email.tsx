import { ApiError, fieldError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { sendEmail } from "~/modules/api/operations/account";
import { submitContactMessage } from "~/modules/contact/contact.server";
import { messages } from "~/modules/forms/messages";
import { consume } from "~/modules/security/rate-limit.server";

const route = apiRoute(
  implement(sendEmail, async ({ body, user, context, language }) => {
    const email = user?.email ?? body.email;
    if (!email) throw fieldError("email", messages.required);
    if (!(await consume("contact", context.ip))) throw new ApiError(429, "rateLimited", messages.rateLimited);
    await submitContactMessage({
      userId: user?.id ?? null,
      email,
      subject: body.subject,
      message: body.message,
      language,
    });
    return reply(200, { ok: true });
  }),
);
export const loader = route.loader;
export const action = route.action;
