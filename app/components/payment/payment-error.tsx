import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/modules/i18n/react";

/**
 * Every payment page's error boundary: a booking that does not exist and one the caller may not
 * pay look the same (docs/security.md#payments), with the way to the reference + email lookup.
 */
export function PaymentErrorBoundary() {
  const { t } = useTranslation("payment");
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="page narrow error-page">
      <h1>{notFound ? t("direct.notFoundTitle") : t("common:error.title")}</h1>
      <p>{notFound ? t("direct.notFoundBody") : t("common:error.body")}</p>
      <p>
        <a className="button" href="/payment">
          {t("direct.findAnother")}
        </a>
      </p>
    </section>
  );
}
