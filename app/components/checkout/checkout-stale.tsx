import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { checkoutProblems, type CheckoutProblem } from "~/modules/booking/checkout-form";
import { useTranslation } from "~/modules/i18n/react";

const problems: ReadonlySet<string> = new Set<string>(checkoutProblems);

/** The checkout's error page: why the link cannot be booked (a stale link), with the way back to the search. */
export function CheckoutStale() {
  const { t } = useTranslation("booking");
  const error = useRouteError();
  const data = isRouteErrorResponse(error)
    ? (error.data as {
        problem?: CheckoutProblem;
        searchHref?: string;
        limit?: number | null;
        message?: string | null;
      } | null)
    : null;
  const problem = data?.problem && problems.has(data.problem) ? data.problem : null;
  return (
    <section className="page narrow error-page">
      <h1>{t("stale.title")}</h1>
      <p>{data?.message ?? (problem ? t(`stale.${problem}`, { count: data?.limit ?? 0 }) : t("common:error.body"))}</p>
      <p>
        <a className="button" href={data?.searchHref ?? "/search"}>
          {t("backToSearch")}
        </a>
      </p>
    </section>
  );
}
