import { formatCents } from "~/modules/i18n/format";
import { BolivarEstimate, BolivarNote } from "./bolivar-estimate";
import { useTranslation } from "~/modules/i18n/react";
import { depositText, priceLines, priceLineText } from "~/modules/pricing/price-lines";
import type { Deposit, PriceBreakdown } from "~/modules/pricing/pricing";
import type { ShownRate } from "~/modules/payment/config.server";

/**
 * A price as its lines (docs/domain.md#price-lines) — rental, options, the pay-later fee when
 * there is one, total — then the deposit and how it is taken, and what the total includes. The
 * same lines as the confirmation email (app/modules/email/templates/price-lines.tsx) and the PDF receipt.
 */
export function PriceLines({
  breakdown,
  deposit,
  totalTestId,
  storedRate,
}: {
  breakdown: PriceBreakdown;
  deposit: Deposit | null | undefined;
  totalTestId?: string;
  /** A booking's own rate for its estimate, never today's (docs/domain.md#exchange-rate). */
  storedRate?: ShownRate | null;
}) {
  const { t } = useTranslation("price");
  const lines = priceLines(breakdown);
  const depositLine = depositText(t, formatCents, deposit);
  return (
    <div className="price-lines stack">
      <table>
        <tbody>
          {lines.map((line) => {
            const { label, amount } = priceLineText(t, formatCents, line);
            const total = line.kind === "total";
            return (
              <tr
                key={line.kind === "option" ? line.option : line.kind}
                className={total ? "price-lines__total" : undefined}
              >
                <th scope="row">{label}</th>
                <td>
                  {total ? (
                    <>
                      <strong data-testid={totalTestId}>{amount}</strong>{" "}
                      <BolivarEstimate cents={breakdown.totalCents} stored={storedRate} />
                    </>
                  ) : (
                    amount
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <BolivarNote stored={storedRate} />
      {depositLine ? (
        <p className="price-lines__deposit">
          <strong>{t("common:labelled", { label: t("deposit.label") })}</strong> {depositLine}.{" "}
          {t("deposit.notInTotal")}
        </p>
      ) : null}
      <p className="muted">{t("taxes")}</p>
    </div>
  );
}
