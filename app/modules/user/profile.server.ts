import { eq } from "drizzle-orm";
import type { Language } from "~/modules/i18n/languages";
import { getDb, schema } from "~/utils/db.server";
import { deleteImageIfUnreferenced, storeImage } from "~/modules/images/images.server";
import { logError } from "~/utils/log.server";
import { AVATAR_SIZE } from "./avatar.server";
import type { DocumentType } from "./validation";

const { users } = schema;

export type ProfileInput = {
  fullName: string;
  phone?: string;
  location?: string;
  bio?: string;
  birthDate?: string;
  documentType?: DocumentType;
  documentNumber?: string;
};

/** The columns of a profile; a field left out (or empty) is cleared. */
function profileColumns(input: Partial<ProfileInput>) {
  return {
    fullName: input.fullName,
    phone: input.phone || null,
    location: input.location || null,
    bio: input.bio || null,
    birthDate: input.birthDate || null,
    documentType: input.documentType ? Number(input.documentType) : null,
    documentNumber: input.documentNumber || null,
  };
}

/** The settings page's profile form: every field is sent, so an absent one is cleared. */
export async function updateProfile(userId: number, input: ProfileInput) {
  const db = await getDb();
  await db.update(users).set(profileColumns(input)).where(eq(users.id, userId));
}

/**
 * The API's profile update: only the fields sent change (an empty string clears one), so a
 * client that sends part of the profile keeps the rest (docs/architecture.md#api).
 */
export async function updateProfileFields(userId: number, input: Partial<ProfileInput>) {
  const columns = profileColumns(input);
  const changed = Object.fromEntries(
    Object.entries(columns).filter(([name]) => input[name as keyof ProfileInput] !== undefined),
  );
  if (Object.keys(changed).length === 0) return;
  const db = await getDb();
  await db.update(users).set(changed).where(eq(users.id, userId));
}

export async function updateLanguage(userId: number, language: Language) {
  const db = await getDb();
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

/**
 * Saves a signed-in user's language from a page (the language links, Settings): a failed save
 * is logged and reported as false, so the page still opens in the chosen language and says
 * "Error while changing language" instead of failing whole (docs/domain.md#changing-language).
 */
export async function saveLanguageChoice(userId: number, language: Language): Promise<boolean> {
  try {
    await updateLanguage(userId, language);
    return true;
  } catch (error) {
    logError("save-language", error);
    return false;
  }
}

export async function updateEmailNotifications(userId: number, enabled: boolean) {
  const db = await getDb();
  await db.update(users).set({ enableEmailNotifications: enabled }).where(eq(users.id, userId));
}

/**
 * Sets the user's avatar to a picture made by avatarFromUpload, or removes it (null). The
 * picture it replaces is deleted in the same transaction, unless another account shows it too.
 */
export async function replaceAvatar(userId: number, webp: Buffer | null): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for("update");
    if (!before) return;
    const avatar = webp ? await storeImage(tx, webp, { width: AVATAR_SIZE, height: AVATAR_SIZE }) : null;
    await tx.update(users).set({ avatar }).where(eq(users.id, userId));
    if (before.avatar !== avatar) await deleteImageIfUnreferenced(tx, before.avatar);
  });
}

export async function loadProfile(userId: number) {
  const db = await getDb();
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      type: users.type,
      supplierId: users.supplierId,
      activated: users.activated,
      phone: users.phone,
      location: users.location,
      bio: users.bio,
      birthDate: users.birthDate,
      documentType: users.documentType,
      documentNumber: users.documentNumber,
      avatar: users.avatar,
      language: users.language,
      enableEmailNotifications: users.enableEmailNotifications,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}
