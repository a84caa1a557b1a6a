import { useTranslation } from "~/modules/i18n/react";
import type { AppReturn } from "~/modules/payment/handoff.server";

/**
 * On a payment page opened from the app's hand-off link (docs/security.md#payment-hand-off): the
 * way back to the app, with the booking and its outcome in the link, or just the words when the
 * app gave no return address.
 */
export function AppReturnNotice({ data }: { data: AppReturn }) {
  const { t } = useTranslation("payment");
  if (!data) return null;
  return (
    <div className="notice stack" data-testid="app-return">
      <p>{t("appReturn.body")}</p>
      {data.href ? (
        <p>
          <a className="button" href={data.href}>
            {t("appReturn.back")}
          </a>
        </p>
      ) : null}
    </div>
  );
}
