import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireBackOffice } from "~/modules/access/staff.server";
import { csvHeader, csvRow } from "~/modules/backoffice/bookings-csv";
import { csvLines, UTF8_BOM } from "~/modules/backoffice/csv.server";
import { exportBookings } from "~/modules/booking/export-bookings.server";
import { dateRange, readListQuery } from "~/modules/booking/list-query";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { instantToLocal } from "~/modules/time/zoned-time";

/**
 * The bookings list as a CSV file (docs/domain.md#bookings-export): every booking in the
 * caller's scope that matches the list's filters (the same query string), not just one page,
 * streamed a batch at a time.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  const query = readListQuery(new URL(request.url).searchParams);
  const batches = exportBookings(
    user,
    {
      status: query.status,
      ...dateRange(query),
      pickupOn: query.pickupOn || null,
      returnOn: query.returnOn || null,
      supplierId: query.supplier,
      search: query.q,
    },
    context.language,
  );
  const t = (key: string) => context.t(key);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(UTF8_BOM + csvLines([csvHeader(t)])));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLines(next.value.map((row) => csvRow(row, t)))));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const today = instantToLocal(new Date(), APP_TIME_ZONE).slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="rueda-bookings-${today}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
