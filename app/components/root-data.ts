import { useRouteLoaderData } from "@remix-run/react";
import type { Language } from "~/modules/i18n/languages";
import type { ShownRate } from "~/modules/payment/config.server";
import type { SessionUser } from "~/utils/session.server";
import type { Toast } from "~/utils/toast.server";

/** What the root route's loader gives every page: the language, the signed-in user, a toast. */
export type RootData = {
  language: Language;
  user: Pick<SessionUser, "id" | "fullName" | "type" | "activated" | "unreadNotifications"> | null;
  toast: Toast | null;
  analyticsId: string | null;
  geoAttribution: boolean;
  /**
   * Set when the reader reads Spanish and the admin shows bolívar estimates (docs/domain.md#bolivar-estimates):
   * the rate as stored ("245.5000"), and the rate and its date as the reader reads them.
   */
  bolivarEstimate: ShownRate | null;
};

/** The root's data, here rather than in root.tsx so that the header and footer need not import the root. */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}
