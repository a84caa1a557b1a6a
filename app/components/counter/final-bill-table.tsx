import type { FinalBill } from "~/modules/pricing/final-bill";
import { finalBillLines, finalBillLineText } from "~/modules/pricing/final-bill-lines";
import { formatCents, formatNumber } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";

/**
 * A final bill as its lines (docs/domain.md#final-bill): the charges, their total, the deposit's
 * settlement and what is still to pay. The same lines as the final receipt and its email.
 */
export function FinalBillTable({ bill, caption }: { bill: FinalBill; caption: string }) {
  const { t } = useTranslation("price");
  return (
    <table className="final-bill">
      <caption>{caption}</caption>
      <tbody>
        {finalBillLines(bill).map((line, index) => {
          const { label, amount } = finalBillLineText(t, formatCents, formatNumber, line);
          const total = line.kind === "extras" || line.kind === "stillToPay";
          return (
            <tr key={`${line.kind}-${index}`} className={total ? "price-lines__total" : undefined}>
              <th scope="row">{label}</th>
              <td>{total ? <strong>{amount}</strong> : amount}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
