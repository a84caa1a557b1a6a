import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ListTable } from "./list-table";

type Row = { id: number; name: string; cars: number };
const columns = [
  { header: "Name", labelled: false, cell: (row: Row) => row.name },
  { header: "Cars", cell: (row: Row) => row.cars },
];

describe("the back office's list table", () => {
  it("shows the empty state, and neither the summary nor a table, when there is nothing to list", () => {
    const html = renderToString(
      <ListTable
        rows={[]}
        rowKey={(row: Row) => row.id}
        columns={columns}
        empty="No places yet."
        summary={<p>0 places</p>}
      />,
    );
    expect(html).toBe('<p class="empty-state">No places yet.</p>');
  });

  it("writes each column's name once as its header and as the phone label of its cells, except the row's name", () => {
    const html = renderToString(
      <ListTable
        rows={[
          { id: 1, name: "Caracas", cars: 3 },
          { id: 2, name: "Maracay", cars: 0 },
        ]}
        rowKey={(row) => row.id}
        columns={columns}
        empty="No places yet."
        summary={<p>2 places</p>}
        className="places-table"
      />,
    );
    expect(html).toContain("<p>2 places</p>");
    expect(html).toContain('<table class="bookings-table places-table">');
    expect(html).toContain('<th scope="col">Name</th><th scope="col">Cars</th>');
    expect(html).toContain('<tr><td>Caracas</td><td data-label="Cars">3</td></tr>');
    expect(html).toContain('<tr><td>Maracay</td><td data-label="Cars">0</td></tr>');
  });
});
