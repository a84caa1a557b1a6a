import { useTranslation } from "~/modules/i18n/react";
import { SiteLink } from "~/components/site-link";

/** The pages to offer: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pages: number): Array<number | "gap"> {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | "gap"> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push("gap");
    out.push(p);
  });
  return out;
}

/**
 * Classic pagination (docs/domain.md#limits) with plain links, so it works without JavaScript. `more`:
 * there may be pages after `pages`, which is then not announced as the last.
 */
export function Pagination({
  page,
  pages,
  more = false,
  hrefFor,
}: {
  page: number;
  pages: number;
  more?: boolean;
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation("catalogue");
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t("pagination.label")}>
      <p className="visually-hidden">
        {more ? t("pagination.page", { page }) : t("pagination.pageOf", { page, pages })}
      </p>
      <ul>
        <li>
          {page > 1 ? (
            <SiteLink to={hrefFor(page - 1)} rel="prev">
              {t("pagination.previous")}
            </SiteLink>
          ) : (
            <span aria-disabled="true">{t("pagination.previous")}</span>
          )}
        </li>
        {pageWindow(page, pages).map((p, i) =>
          p === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <SiteLink
                to={hrefFor(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={t("pagination.page", { page: p })}
              >
                {p}
              </SiteLink>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <SiteLink to={hrefFor(page + 1)} rel="next">
              {t("pagination.next")}
            </SiteLink>
          ) : (
            <span aria-disabled="true">{t("pagination.next")}</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
