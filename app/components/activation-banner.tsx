import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/modules/i18n/react";

/** Shown to signed-in users who have not activated their account yet. */
export function ActivationBanner() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const sending = navigation.formAction === "/resend-activation";
  return (
    <div className="activation-banner" role="region" aria-label={t("auth:activate.title")}>
      <p>{t("auth:banner.text")}</p>
      <Form method="post" action="/resend-activation" className="inline-form">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <button type="submit" className="button button--small button--secondary" disabled={sending} aria-busy={sending}>
          {t("auth:banner.resend")}
        </button>
      </Form>
    </div>
  );
}
