import { useSubmit } from "@remix-run/react";
import { useHydrated } from "~/components/client-only";
import { SORT_PARAM, sortOrders, type SortOrder } from "~/modules/catalogue/filters";
import type { CatalogueLabels } from "./labels";

/**
 * "Sort by", a field of the search form (inside SearchFormElement), so the order is in the
 * bookmarkable URL with the places, dates and filters (docs/domain.md#search-order). With
 * JavaScript choosing an order applies it; without, the "Sort" button next to it does.
 */
export function SortSelect({ labels, sort }: { labels: CatalogueLabels; sort: SortOrder }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <div className="results__sort">
      <label htmlFor="search-sort">{labels.sort.label}</label>
      <select
        id="search-sort"
        name={SORT_PARAM}
        defaultValue={sort}
        onChange={(event) => {
          if (event.currentTarget.form) submit(event.currentTarget.form, { preventScrollReset: true });
        }}
      >
        {sortOrders.map((order) => (
          <option key={order} value={order}>
            {labels.sort[order]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="button button--secondary">
          {labels.sort.apply}
        </button>
      )}
    </div>
  );
}
