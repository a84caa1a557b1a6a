import type { ReactNode } from "react";
import { Link } from "@remix-run/react";

/** A list page's title, with the link that adds a record when there is one. */
export function ListHeading({ title, add }: { title: string; add?: { to: string; label: string } }) {
  return (
    <div className="admin-heading">
      <h1>{title}</h1>
      {add ? (
        <Link to={add.to} className="button">
          {add.label}
        </Link>
      ) : null}
    </div>
  );
}

export type ListColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * On a phone each cell is shown under its column's name (`data-label`); the cell that names the
   * row (a link to it) is left without, as its own text says what it is.
   */
  labelled?: boolean;
  className?: string;
};

/**
 * The back office's table of records: the empty state when there are none, else the summary line
 * (a count) and one row per record, each column's header and phone label written once.
 */
export function ListTable<Row>({
  rows,
  rowKey,
  columns,
  empty,
  summary,
  className,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: ReadonlyArray<ListColumn<Row>>;
  empty: string;
  summary?: ReactNode;
  className?: string;
}) {
  if (rows.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <>
      {summary}
      <table className={className ? `bookings-table ${className}` : "bookings-table"}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={column.labelled === false ? undefined : column.header}
                  className={column.className}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
