import { z } from "zod";
import { visitorSchema } from "~/modules/contact/schema";
import { emailField } from "~/modules/forms/fields";
import { defineOperation } from "../operation";
import { okSchema } from "../schemas";

/*
 * The spec's account call (§7) of the contact form, a message to the team, at the spec's path and
 * method, over the page's schema and rules. Where the spec says "not shown", the description
 * says what was chosen.
 */
const tag = "Account";

export const sendEmail = defineOperation({
  id: "sendEmail",
  method: "POST",
  path: "/api/send-email",
  tag,
  summary: "Send a message to the team",
  description:
    "The contact form: `subject` and `message`; the address to answer is required from a visitor, as `email` or as `from` (the reference client's name), and ignored for a signed-in caller, whose account's address is used. Every administrator is emailed; `to` and `isContactForm`, which the reference client sends, are ignored. 30 messages per client per 10 minutes.",
  auth: "optional",
  body: visitorSchema.extend({
    email: emailField().optional(),
    from: emailField().optional().meta({ description: "The same as `email`, under the reference client's name." }),
    to: z.string().max(320).optional().meta({ description: "Ignored: messages go to the team." }),
    isContactForm: z.boolean().optional().meta({ description: "Ignored." }),
  }),
  responses: { 200: { description: "Sent.", schema: okSchema } },
  errors: [429],
  example: {
    body: { email: "ana@example.com", subject: "Airport pick-up", message: "Can I collect the car at 6 am?" },
  },
});
