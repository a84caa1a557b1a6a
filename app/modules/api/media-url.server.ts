import { getEnv } from "~/utils/env.server";

/** A picture's path (`/media/<sha256>.webp`) as the API answers it: an absolute URL on APP_URL. */
export const absoluteUrl = (path: string | null): string | null =>
  path === null ? null : new URL(path, getEnv().APP_URL).toString();
