import { Form, Link } from "@remix-run/react";
import { dollarsInput } from "~/modules/forms/money";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { carPriceField } from "~/modules/suppliers/season-form";
import type { ShownSeason } from "~/modules/suppliers/seasons.server";

/**
 * A season's fixed daily prices: a field per car of the supplier, empty for a car that follows
 * the season's percent (docs/domain.md#seasons). A refused save shows the values as typed.
 */
export function SeasonCarPrices({
  page,
  season,
  cars,
  refused,
  busy,
}: {
  page: string;
  season: ShownSeason;
  cars: Array<{
    id: number;
    name: string;
    plate: string | null;
    dailyPriceCents: number;
    seasonPriceCents: number | null;
  }>;
  refused: { errors: Record<string, string>; typed: Record<string, string> } | null;
  busy: boolean;
}) {
  const { t } = useTranslation("adminSuppliers");
  return (
    <section id="season-prices" className="card stack" aria-labelledby="season-prices-title">
      <h2 id="season-prices-title">{t("seasons.pricesTitle", { name: season.name })}</h2>
      <p className="field__help">
        {t("seasons.pricesLead", { percent: `${season.percent > 0 ? "+" : ""}${season.percent} %` })}
      </p>
      {cars.length === 0 ? (
        <p className="empty-state">{t("seasons.noCars")}</p>
      ) : (
        <Form method="post" action={`${page}?prices=${season.id}`} className="stack">
          <input type="hidden" name="seasonId" value={season.id} />
          {refused ? (
            <div className="form-errors" role="alert">
              <p>{t("validation.fixErrors", { ns: "common" })}</p>
            </div>
          ) : null}
          {cars.map((car) => {
            const id = `season-price-${car.id}`;
            const error = refused?.errors[car.id];
            const label = car.plate ? `${car.name} (${car.plate})` : car.name;
            return (
              <div className="field" key={car.id}>
                <label htmlFor={id}>{label}</label>
                <input
                  id={id}
                  name={carPriceField(car.id)}
                  type="text"
                  inputMode="decimal"
                  defaultValue={
                    refused
                      ? refused.typed[car.id]
                      : car.seasonPriceCents === null
                        ? ""
                        : dollarsInput(car.seasonPriceCents)
                  }
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error ${id}-help` : `${id}-help`}
                />
                <p className="field__help" id={`${id}-help`}>
                  {t("seasons.carPriceHelp", { price: formatCents(car.dailyPriceCents) })}
                </p>
                {error ? (
                  <p className="field__error" id={`${id}-error`}>
                    {t(error)}
                  </p>
                ) : null}
              </div>
            );
          })}
          <p className="actions">
            <button type="submit" name="intent" value="prices" className="button" disabled={busy} aria-busy={busy}>
              {t("seasons.savePrices")}
            </button>
            <Link to={page} className="button button--secondary">
              {t("admin:common.cancel")}
            </Link>
          </p>
        </Form>
      )}
    </section>
  );
}
