import { Link, useSubmit } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import {
  activeFilterCount,
  bagMinimums,
  carCategories,
  carSpecs,
  depositLimits,
  filterParams,
  fuelPolicies,
  fuelTypes,
  gearboxes,
  mileageKinds,
  ratingMinimums,
  type SearchFilters,
} from "~/modules/catalogue/filters";
import { formatPrice } from "~/modules/i18n/format";
import type { CatalogueLabels } from "./labels";
import { SEARCH_FORM_ID } from "./search-form";

/**
 * The filters are inside the search form (SearchFormElement), so one GET carries the
 * place, the dates and the filters. With JavaScript a change submits at once; without
 * it, "Apply filters" does. On a phone they fold into a "Filters (N)" panel (a `<details>`,
 * so it opens without JavaScript too) that leaves the results on the first screen, and
 * "Apply filters" folds it again; on wider screens the panel is always open and its toggle
 * hidden (styles/catalogue.css). On a phone the open panel keeps a "Show N cars" button at the bottom of the
 * screen (sticky, styles/catalogue-narrow.css): N is the count of the search as it stands (with JavaScript, already filtered;
 * without, the count before this submit), and pressing it shows the results.
 * `open` and `onToggle` let the page keep the panel open across the searches it makes.
 */
export function SearchFilters({
  labels,
  filters,
  suppliers,
  clearHref,
  resultCount,
  open,
  onToggle,
}: {
  labels: CatalogueLabels;
  filters: SearchFilters;
  suppliers: Array<{ id: number; name: string }>;
  clearHref: string | null;
  /** The current search's count, for "Show N cars"; null before a search. */
  resultCount: { total: number; more: boolean } | null;
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const l = labels.filters;
  const count = activeFilterCount(filters);
  const submit = useSubmit();
  const onChange = (event: FormEvent<HTMLDivElement>) => {
    const form = document.getElementById(SEARCH_FORM_ID);
    if (
      (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) &&
      form instanceof HTMLFormElement
    )
      submit(form, { preventScrollReset: true });
  };
  const checkbox = (name: string, value: string, checked: boolean, label: ReactNode) => (
    <label key={value}>
      <input type="checkbox" name={name} value={value} defaultChecked={checked} />
      {label}
    </label>
  );
  return (
    <aside className="filters" aria-labelledby="filters-title">
      <details className="collapsible" open={open} onToggle={(event) => onToggle(event.currentTarget.open)}>
        <summary className="filters__toggle">{count ? l.toggle(count) : l.title}</summary>
        <h2 id="filters-title">{l.title}</h2>
        <div className="filters__groups" onChange={onChange}>
          <fieldset>
            <legend>{l.suppliers}</legend>
            {suppliers.map((s) =>
              checkbox(filterParams.suppliers, String(s.id), filters.suppliers.includes(s.id), s.name),
            )}
          </fieldset>
          <fieldset>
            <legend>{l.category}</legend>
            {carCategories.map((c) =>
              checkbox(filterParams.category, c, filters.category.includes(c), labels.category[c]),
            )}
          </fieldset>
          <fieldset>
            <legend>{l.bags}</legend>
            {[...bagMinimums, null].map((minimum) => (
              <label key={minimum ?? "any"}>
                <input
                  type="radio"
                  name={filterParams.bags}
                  value={minimum ?? "any"}
                  defaultChecked={filters.bags === minimum}
                />
                {minimum ? l.bagsAtLeast(minimum) : l.bagsAny}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>{l.rating}</legend>
            {ratingMinimums.map((minimum) =>
              checkbox(filterParams.rating, String(minimum), filters.rating === minimum, l.ratingAtLeast(minimum)),
            )}
          </fieldset>
          <fieldset>
            <legend>{l.specs}</legend>
            {carSpecs.map((spec) =>
              checkbox(filterParams.specs, spec, filters.specs.includes(spec), labels.specs[spec]),
            )}
          </fieldset>
          <fieldset>
            <legend>{l.fuel}</legend>
            {fuelTypes.map((fuel) => checkbox(filterParams.fuel, fuel, filters.fuel.includes(fuel), labels.fuel[fuel]))}
          </fieldset>
          <fieldset>
            <legend>{l.gearbox}</legend>
            {gearboxes.map((g) => checkbox(filterParams.gearbox, g, filters.gearbox.includes(g), labels.gearbox[g]))}
          </fieldset>
          <fieldset>
            <legend>{l.mileage}</legend>
            {mileageKinds.map((m) => checkbox(filterParams.mileage, m, filters.mileage.includes(m), labels.mileage[m]))}
          </fieldset>
          <fieldset>
            <legend>{l.fuelPolicy}</legend>
            {fuelPolicies.map((p) =>
              checkbox(filterParams.fuelPolicy, p, filters.fuelPolicy.includes(p), labels.fuelPolicy[p]),
            )}
          </fieldset>
          <fieldset>
            <legend>{l.deposit}</legend>
            {[...depositLimits, null].map((limit) => (
              <label key={limit ?? "any"}>
                <input
                  type="radio"
                  name={filterParams.deposit}
                  value={limit ?? "any"}
                  defaultChecked={filters.deposit === limit}
                />
                {limit ? l.depositUpTo(formatPrice(limit)) : l.depositAny}
              </label>
            ))}
          </fieldset>
        </div>
        <div className="filters__actions">
          {/* With JavaScript the changes are already applied: the button then folds a phone's panel away from the results. */}
          {/* On a phone it reads "Show N cars" (its name "Apply filters: Show N cars"); elsewhere "Apply filters" (styles/catalogue.css, catalogue-narrow.css). */}
          <button
            type="submit"
            className={resultCount ? "button filters__submit filters__submit--count" : "button filters__submit"}
            onClick={() => {
              onToggle(false);
              document.getElementById("results-title")?.scrollIntoView({ block: "start" });
            }}
          >
            <span className="filters__apply">{l.apply}</span>
            {resultCount ? (
              <span className="filters__show">
                <span className="visually-hidden">: </span>
                {resultCount.more ? l.showMore(resultCount.total) : l.show(resultCount.total)}
              </span>
            ) : null}
          </button>
          {clearHref ? <Link to={clearHref}>{l.clear}</Link> : null}
        </div>
      </details>
    </aside>
  );
}
