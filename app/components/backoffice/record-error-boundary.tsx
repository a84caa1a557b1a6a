import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/modules/i18n/react";

type Texts = { ns: string; notFoundTitle: string; notFoundBody: string; backHref: string; backLabel: string };

/**
 * The error boundary of a back-office record page (a car, place, supplier or user): a record
 * that is missing, deleted or outside the caller's scope gets a 404 that says so, any other
 * error the usual words, both inside the back office's frame and leading back to the list.
 */
export function recordErrorBoundary({ ns, notFoundTitle, notFoundBody, backHref, backLabel }: Texts) {
  return function RecordErrorBoundary() {
    const error = useRouteError();
    const { t } = useTranslation(ns);
    const status = isRouteErrorResponse(error) ? error.status : 500;
    const title = status === 404 ? t(notFoundTitle) : t("common:error.title");
    const body =
      status === 404 ? t(notFoundBody) : status === 403 ? t("common:error.forbidden") : t("common:error.body");
    return (
      <section className="page stack">
        <h1>{title}</h1>
        <p>{body}</p>
        <p>
          <Link to={backHref} className="button button--secondary">
            {t(backLabel)}
          </Link>
        </p>
      </section>
    );
  };
}

/** The boundary of every page of one car (its form, its deletion, a new one). */
export const CarErrorBoundary = recordErrorBoundary({
  ns: "adminCars",
  notFoundTitle: "notFound.title",
  notFoundBody: "notFound.body",
  backHref: "/admin/cars",
  backLabel: "notFound.back",
});

/** The boundary of every page of one supplier (its form, its seasons). */
export const SupplierErrorBoundary = recordErrorBoundary({
  ns: "adminSuppliers",
  notFoundTitle: "notFound.title",
  notFoundBody: "notFound.body",
  backHref: "/admin/suppliers",
  backLabel: "edit.back",
});
