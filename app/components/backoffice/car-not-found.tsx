import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/modules/i18n/react";

/**
 * The fleet pages' error boundary: a car that is missing, deleted or another supplier's gets a
 * 404 that says so and leads back to the list, inside the back office's frame.
 */
export function CarErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("adminCars");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? t("notFound.title") : t("common:error.title");
  const body = status === 404 ? t("notFound.body") : status === 403 ? t("common:error.forbidden") : t("common:error.body");
  return (
    <section className="page stack">
      <h1>{title}</h1>
      <p>{body}</p>
      <p>
        <Link to="/admin/cars" className="button button--secondary">
          {t("notFound.back")}
        </Link>
      </p>
    </section>
  );
}
