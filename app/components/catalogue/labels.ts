import type { Translate } from "~/modules/i18n/translate";
import {
  carCategories,
  carSpecs,
  fuelPolicies,
  fuelTypes,
  gearboxes,
  mileageKinds,
  sortOrders,
} from "~/modules/catalogue/filters";
import { useTranslation } from "~/modules/i18n/react";
import { optionKeys } from "~/modules/pricing/pricing";

/** A translation with one value to fill in, translated once and filled per use. */
function template(t: Translate, key: string, name: string): (value: string | number) => string {
  const mark = "\u0001";
  const parts = t(key, { [name]: mark }).split(mark);
  return (value) => parts.join(String(value));
}

/** Pluralised translations, memoised per count. */
function counted(t: Translate, key: string): (count: number) => string {
  const seen = new Map<number, string>();
  return (count) => {
    let text = seen.get(count);
    if (text === undefined) seen.set(count, (text = t(key, { count })));
    return text;
  };
}

function keyed<K extends string>(t: Translate, prefix: string, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, t(`${prefix}.${k}`)])) as Record<K, string>;
}

function build(t: Translate) {
  return {
    card: {
      supplier: t("card.supplier"),
      seats: counted(t, "card.seats"),
      doors: counted(t, "card.doors"),
      bags: counted(t, "card.bags"),
      orSimilar: template(t, "card.orSimilar", "name"),
      unlimitedKm: t("card.unlimitedKm"),
      fuelPolicyShort: keyed(t, "card.fuelPolicyShort", fuelPolicies),
      facts: t("card.facts"),
      aircon: t("card.aircon"),
      noAircon: t("card.noAircon"),
      gearboxLabel: t("card.gearbox"),
      fuelLabel: t("card.fuel"),
      mileageLabel: t("card.mileage"),
      fuelPolicyLabel: t("card.fuelPolicy"),
      depositLabel: t("card.deposit"),
      optionsLabel: t("common:labelled", { label: t("card.options") }),
      included: t("card.included"),
      unavailable: t("card.unavailable"),
      optionPerDay: template(t, "card.optionPerDay", "price"),
      optionFlat: template(t, "card.optionFlat", "price"),
      pricePerDay: t("card.pricePerDay"),
      perDay: template(t, "card.perDay", "price"),
      total: counted(t, "card.total"),
      book: t("card.book"),
      kmPerDay: template(t, "mileage.perDay", "km"),
      // docs/domain.md#reviews: the supplier's score, compact; "new" below three reviews.
      score: (average: string, count: number) => t("card.score", { average, reviews: count }),
      scoreLabel: (average: string, count: number) => t("card.scoreLabel", { average, count }),
      scoreNew: t("card.scoreNew"),
      scoreNewLabel: t("card.scoreNewLabel"),
    },
    filters: {
      title: t("filters.title"),
      toggle: template(t, "filters.toggle", "count"),
      apply: t("filters.apply"),
      clear: t("filters.clear"),
      suppliers: t("filters.suppliers"),
      specs: t("filters.specs"),
      fuel: t("filters.fuel"),
      gearbox: t("filters.gearbox"),
      mileage: t("filters.mileage"),
      fuelPolicy: t("filters.fuelPolicy"),
      deposit: t("filters.deposit"),
      depositUpTo: template(t, "filters.depositUpTo", "price"),
      depositAny: t("filters.depositAny"),
      category: t("filters.category"),
      bags: t("filters.bags"),
      bagsAtLeast: counted(t, "filters.bagsAtLeast"),
      bagsAny: t("filters.bagsAny"),
      rating: t("filters.rating"),
      ratingAtLeast: template(t, "filters.ratingAtLeast", "stars"),
      show: counted(t, "filters.show"),
      showMore: counted(t, "filters.showMore"),
    },
    sort: { label: t("sort.label"), apply: t("sort.apply"), ...keyed(t, "sort", sortOrders) },
    category: keyed(t, "category", carCategories),
    specs: keyed(t, "specs", carSpecs),
    fuel: keyed(t, "fuel", fuelTypes),
    gearbox: keyed(t, "gearbox", gearboxes),
    mileage: keyed(t, "mileage", mileageKinds),
    fuelPolicy: keyed(t, "fuelPolicy", fuelPolicies),
    options: keyed(t, "options", optionKeys),
  };
}

export type CatalogueLabels = ReturnType<typeof build>;

const byLanguage = new Map<string, CatalogueLabels>();

/**
 * The catalogue's fixed labels, translated once per language for the life of the process
 * (translations do not change while it runs): a page of fifteen cards and the filters
 * would otherwise make a few hundred translation calls per request, its largest single cost.
 */
export function useCatalogueLabels(): CatalogueLabels {
  const { t, i18n } = useTranslation("catalogue");
  let labels = byLanguage.get(i18n.language);
  if (!labels) byLanguage.set(i18n.language, (labels = build(t)));
  return labels;
}
