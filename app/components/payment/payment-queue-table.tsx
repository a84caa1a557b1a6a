import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/modules/i18n/react";
import type { QueueRow } from "~/modules/payment/verification-queue.server";

/** What a row of the staff's payment queue shows (docs/domain.md#pago-móvil). */
type QueueTableRow = Pick<
  QueueRow,
  | "paymentId"
  | "bookingId"
  | "reference"
  | "driver"
  | "method"
  | "amountUsd"
  | "amountBs"
  | "igtf"
  | "balance"
  | "wouldCredit"
  | "bank"
  | "phone"
  | "transferReference"
  | "date"
  | "sameReference"
>;

/** One list of payments: the same columns for both lists, then the awaiting list's actions. */
export function PaymentTable<Row extends QueueTableRow>({
  rows,
  empty,
  timeHeader,
  actionsHeader,
  at,
  children,
}: {
  rows: Row[];
  empty: string;
  timeHeader: string;
  actionsHeader?: string;
  at: (row: Row) => string;
  children?: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation("mobilePayment");
  if (rows.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <table className="bookings-table">
      <thead>
        <tr>
          <th scope="col">{t("queue.booking")}</th>
          <th scope="col">{t("queue.driver")}</th>
          <th scope="col">{t("queue.method")}</th>
          <th scope="col">{t("queue.amount")}</th>
          <th scope="col">{t("queue.transfer")}</th>
          <th scope="col">{timeHeader}</th>
          {actionsHeader ? <th scope="col">{actionsHeader}</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.paymentId}>
            <PaymentCells row={row} at={at(row)} />
            {children?.(row)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PaymentCells({ row, at }: { row: QueueTableRow; at: string }) {
  const { t } = useTranslation("mobilePayment");
  return (
    <>
      <td>
        <Link to={`/booking?b=${row.bookingId}`} aria-label={t("queue.viewBooking", { reference: row.reference })}>
          {row.reference}
        </Link>
      </td>
      <td>{row.driver}</td>
      <td>{t(`payment:methods.${row.method}`)}</td>
      <td>
        {row.amountUsd}
        {row.amountBs ? <div className="muted">{row.amountBs}</div> : null}
        {row.igtf ? <div className="muted">{t("queue.igtf", { igtf: row.igtf })}</div> : null}
        <div className="muted">{t("queue.balance", { balance: row.balance })}</div>
        {row.wouldCredit ? (
          <p className="notice notice--warning" role="note">
            {t("queue.wouldCredit", { balance: row.balance, credit: row.wouldCredit })}
          </p>
        ) : null}
      </td>
      <td>
        {row.method === "mobilePayment"
          ? t("queue.transferLine", {
              bank: row.bank,
              phone: row.phone,
              reference: row.transferReference,
              date: row.date,
            })
          : row.method === "zelle"
            ? t("queue.zelleLine", { reference: row.transferReference, date: row.date })
            : row.method === "bankTransfer"
              ? t("queue.bankTransferLine", { bank: row.bank, reference: row.transferReference, date: row.date })
              : null}
        {row.sameReference.length > 0 ? (
          <p className="notice notice--warning" role="note">
            {t("queue.sameReference", { count: row.sameReference.length })}{" "}
            {row.sameReference.map((other, i) => (
              <span key={other.bookingId}>
                {i > 0 ? ", " : null}
                <Link to={`/booking?b=${other.bookingId}`}>{other.reference}</Link>
              </span>
            ))}
          </p>
        ) : null}
      </td>
      <td>{at}</td>
    </>
  );
}
