import { languageOrDefault } from "~/modules/i18n/languages";
import { loadProfile } from "~/modules/user/profile.server";
import { ApiError } from "./errors";
import { absoluteUrl } from "./media-url.server";
import type { ApiUser } from "./schemas";

/** The account as the API shows it to its owner (schemas.ts `User`), read as the settings page reads it. */
export async function apiUser(userId: number): Promise<ApiUser> {
  const profile = await loadProfile(userId);
  if (!profile) throw new ApiError(404);
  const { documentType, language, avatar, ...rest } = profile;
  return {
    ...rest,
    avatar: absoluteUrl(avatar),
    _id: rest.id,
    documentType: documentType === 1 || documentType === 2 ? (String(documentType) as "1" | "2") : null,
    language: languageOrDefault(language),
  };
}
