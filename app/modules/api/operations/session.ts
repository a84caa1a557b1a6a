import { z } from "zod";
import { signInSchema } from "~/modules/user/validation";
import { defineOperation } from "../operation";
import { apiUserSchema, okSchema } from "../schemas";

/** Sign-in, sign-out and the token check: the calls every client starts with. */
const tag = "Session";

export const signInFrontend = defineOperation({
  id: "signInFrontend",
  method: "POST",
  path: "/api/sign-in/frontend",
  tag,
  summary: "Sign in",
  description: [
    "Checks the email and password (the sign-in page's rules and rate limits: 10 attempts per address and 100 per client per 15 minutes).",
    "Answers the account itself (the fields of `User`, with `_id` the same as `id`) together with an `accessToken` for `Authorization: Bearer`, valid 30 days, and its `expiresAt`: the object a client stores as its user, as the spec's reference client does. The same account is also under `user`, as earlier clients read it. The call also sets the session cookie (`stayConnected`: 30 days, else the browser session).",
    "Wrong email or password → 401 `incorrectCredentials`; suspended account (right password) → 403 `suspended`; an account not activated yet (right password) → 403 `notActivated`, and no token nor session: nobody has proven the address until the emailed link is used (ask for a new one with `/api/resend/frontend/{email}/false`).",
  ].join("\n\n"),
  auth: "none",
  body: signInSchema.omit({ redirectTo: true }),
  responses: {
    200: {
      description: "Signed in.",
      schema: apiUserSchema
        .extend({
          accessToken: z
            .string()
            .meta({ description: "Send as `Authorization: Bearer <accessToken>`; shown once, stored hashed." }),
          expiresAt: z.iso.datetime(),
          user: apiUserSchema,
        })
        .meta({ id: "SignedInUser" }),
    },
  },
  errors: [401, 403, 429],
  errorCodes: { 401: ["incorrectCredentials"], 403: ["suspended", "notActivated"] },
  example: { body: { email: "driver@rueda.example", password: "Rueda2026!", stayConnected: false } },
});

export const signOut = defineOperation({
  id: "signOut",
  method: "POST",
  path: "/api/sign-out",
  tag,
  summary: "Sign out",
  description:
    "Revokes the bearer token the request carries, or ends the cookie's session and clears the cookie. Signed out already (or never signed in): the same answer, so a client can always call it.",
  auth: "none",
  responses: { 200: { description: "Signed out.", schema: okSchema } },
  errors: [],
});

export const validateAccessToken = defineOperation({
  id: "validateAccessToken",
  method: "POST",
  path: "/api/validate-access-token",
  tag,
  summary: "Check the session or token",
  description:
    "200 with the current user while the bearer token (or session cookie) is valid; 401 once it expired, was revoked or the account was suspended.",
  auth: "user",
  responses: { 200: { description: "Valid.", schema: z.object({ user: apiUserSchema }) } },
  errors: [],
});
