import { Text } from "@react-email/components";
import type { TFunction } from "i18next";

/** A price line as the producer worded it (pricing/price-lines.ts wordedPrice). */
type WordedLine = { label: string; amount: string; total: boolean };

/**
 * A booking's price in an email (docs/domain.md#price-lines): the same lines as the booking page
 * and the receipt, then the deposit and how it is taken, and what the total includes. Email data
 * is flat, so the lines come as JSON, already worded in the recipient's language.
 */
export function EmailPriceLines({ t, lines, deposit }: { t: TFunction; lines: string; deposit: string }) {
  const parsed = JSON.parse(lines) as WordedLine[];
  return (
    <>
      <Text style={{ margin: "12px 0 4px", fontWeight: 700 }}>{t("price:title")}</Text>
      {parsed.map(({ label, amount, total }) => (
        <Text key={label} style={{ margin: "2px 0" }}>
          {total ? <strong>{t("common:labelled", { label })}</strong> : t("common:labelled", { label })}{" "}
          {total ? <strong>{amount}</strong> : amount}
        </Text>
      ))}
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
