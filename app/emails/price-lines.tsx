import { Text } from "@react-email/components";
import type { TFunction } from "i18next";
import { formatCents } from "~/modules/i18n/format";
import { depositText, priceLines, priceLineText } from "~/modules/pricing/price-lines";
import type { PriceBreakdown } from "~/modules/pricing/pricing";

/**
 * A booking's price in an email (docs/domain.md#price-lines): the same lines as the booking page
 * and the receipt, then the deposit and how it is taken, and what the total includes. `breakdown`
 * is the booking's stored breakdown as JSON (email data is flat).
 */
export function EmailPriceLines({ t, breakdown }: { t: TFunction; breakdown: string }) {
  const parsed = JSON.parse(breakdown) as PriceBreakdown;
  const translate = (key: string, values?: Record<string, unknown>) => t(key, values ?? {});
  const deposit = depositText(translate, formatCents, parsed.deposit);
  return (
    <>
      <Text style={{ margin: "12px 0 4px", fontWeight: 700 }}>{t("price:title")}</Text>
      {priceLines(parsed).map((line) => {
        const { label, amount } = priceLineText(translate, formatCents, line);
        const total = line.kind === "total";
        return (
          <Text key={line.kind === "option" ? line.option : line.kind} style={{ margin: "2px 0" }}>
            {total ? <strong>{t("common:labelled", { label })}</strong> : t("common:labelled", { label })}{" "}
            {total ? <strong>{amount}</strong> : amount}
          </Text>
        );
      })}
      {deposit ? (
        <Text style={{ margin: "8px 0 4px" }}>
          <strong>{t("common:labelled", { label: t("price:deposit.label") })}</strong> {deposit}.{" "}
          {t("price:deposit.notInTotal")}
        </Text>
      ) : null}
      <Text style={{ margin: "4px 0 12px" }}>{t("price:taxes")}</Text>
    </>
  );
}
