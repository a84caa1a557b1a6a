import { z } from "zod";
import { messages } from "~/modules/forms/messages";
import { appToday } from "~/modules/time/calendar";
import { avatarSchema, languageSchema, profileSchema } from "~/modules/user/validation";
import { defineOperation } from "../operation";
import { apiUserSchema, rowId } from "../schemas";
import { apiBirthDate, ownId } from "./account-fields";

/*
 * The spec's account calls (§7) of the account and its settings: profile, language, email
 * notifications, picture; at the spec's paths and methods, over the pages' schemas and rules.
 * Where the spec says "not shown", the description says what was chosen.
 */
const tag = "Account";
const userAnswer = { description: "The account, as it is now.", schema: z.object({ user: apiUserSchema }) };

export const updateLanguage = defineOperation({
  id: "updateLanguage",
  method: "POST",
  path: "/api/update-language",
  tag,
  summary: "Change my language",
  description:
    "Saves the account's language (es, en, fr, el): emails and, by default, answers then use it. Answers the updated account.",
  auth: "user",
  body: languageSchema.extend(ownId),
  responses: { 200: userAnswer },
  errors: [403],
  example: { body: { language: "en" } },
});

export const getUser = defineOperation({
  id: "getUser",
  method: "GET",
  path: "/api/user/{id}",
  tag,
  summary: "My account",
  description:
    "The caller's own account, as the object itself (the spec's reference client reads it so), and the same under `user`, as earlier clients read it. Another user's id → 404, the same as a missing one.",
  auth: "user",
  params: z.object({ id: rowId }),
  responses: {
    200: {
      description: "The account.",
      schema: apiUserSchema.extend({ user: apiUserSchema }).meta({ id: "UserRecord" }),
    },
  },
  errors: [],
});

export const updateUser = defineOperation({
  id: "updateUser",
  method: "POST",
  path: "/api/update-user",
  tag,
  summary: "Change my profile",
  description:
    "The settings page's profile fields, each under the page's rules. **Only the fields sent change**: an absent field keeps its value, an empty string clears a text field (`fullName` cannot be cleared). `documentNumber` needs a `documentType`, sent or already saved. `birthDate` may be a date-time (read as the day picked). Other fields of the reference client's payload (`email`, `type`, …) are ignored. Answers the updated account.",
  auth: "user",
  body: () => {
    const today = appToday();
    const profile = profileSchema({ today }).shape;
    return z.object({
      ...profile,
      fullName: profile.fullName.optional(),
      birthDate: apiBirthDate(today).optional(),
      enableEmailNotifications: z.boolean().optional(),
      ...ownId,
    });
  },
  responses: { 200: userAnswer },
  errors: [403],
  example: { body: { fullName: "Ana Pérez", phone: "+58 414 111 2233", location: "Caracas" } },
});

export const updateEmailNotifications = defineOperation({
  id: "updateEmailNotifications",
  method: "POST",
  path: "/api/update-email-notifications",
  tag,
  summary: "Email notifications on or off",
  description: "Whether booking notifications are also emailed to the caller. Answers the updated account.",
  auth: "user",
  body: z.object({ enableEmailNotifications: z.boolean({ error: messages.required }), ...ownId }),
  responses: { 200: userAnswer },
  errors: [403],
  example: { body: { enableEmailNotifications: false } },
});

export const updateAvatar = defineOperation({
  id: "updateAvatar",
  method: "POST",
  path: "/api/update-avatar/{id}",
  tag,
  summary: "Upload my picture",
  description:
    "Multipart field `image`: a JPEG, PNG, WebP or GIF of at most 5 MB, re-encoded to a 256×256 WebP (the settings page's rules). Not an image → 400 with a field error. 10 uploads per account per hour, then 429 `rateLimited`; 429 `busy` when the server is decoding too many images (try again in a minute). Only the caller's own id (another → 404). Answers the updated account (`avatar` is the picture's path).",
  auth: "user",
  params: z.object({ id: rowId }),
  body: z.object({ image: avatarSchema.shape.avatar }),
  bodyEncoding: "multipart",
  responses: { 200: userAnswer },
  errors: [429],
  errorCodes: { 429: ["busy"] },
});

export const deleteAvatar = defineOperation({
  id: "deleteAvatar",
  method: "POST",
  path: "/api/delete-avatar/{id}",
  tag,
  summary: "Remove my picture",
  description: "Only the caller's own id (another → 404). Answers the updated account.",
  auth: "user",
  params: z.object({ id: rowId }),
  responses: { 200: userAnswer },
  errors: [],
});
