import { processImage } from "~/modules/images/process.server";
import { consume } from "~/modules/security/rate-limit.server";
import { authMessages } from "./messages";
import { AVATAR_MAX_BYTES } from "./validation";

export { AVATAR_MAX_BYTES };

export const AVATAR_SIZE = 256;

/** An avatar is a square WebP of AVATAR_SIZE (see processImage). */
export const avatarShape = { width: AVATAR_SIZE, height: AVATAR_SIZE, fit: "cover" } as const;

/** A refusal's status: 400 not an image, 429 over the account's limit or every decode slot taken (`code` says which). */
export type AvatarUpload =
  | { ok: true; webp: Buffer }
  | { ok: false; status: 400 | 429; code: "validation" | "rateLimited" | "busy"; message: string };

/**
 * The settings page's and the API's upload: counted against the account's avatar limit before
 * anything is decoded (docs/security.md#uploads), then processed; the refusal's message is an
 * i18n key the form or the API shows.
 */
export async function avatarFromUpload(userId: number, bytes: Uint8Array): Promise<AvatarUpload> {
  if (!(await consume("avatar-upload", String(userId))))
    return { ok: false, status: 429, code: "rateLimited", message: authMessages.avatarLimit };
  const result = await processImage(bytes, avatarShape);
  if (result.ok) return { ok: true, webp: result.webp };
  return result.reason === "busy"
    ? { ok: false, status: 429, code: "busy", message: authMessages.imageBusy }
    : { ok: false, status: 400, code: "validation", message: authMessages.imageInvalid };
}
