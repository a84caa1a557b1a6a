/**
 * The search's floor, for `npm run bench:search` (docs/architecture.md#budgets): a bare `node:http`
 * server that does a results page's own work with the product's code — read the URL's places,
 * dates, filters and order (`parseSearchParams`), `searchCars`, and price each card as the page
 * does (`resultHeadline`) — and writes a minimal list, with no framework, no layout,
 * no session and no translations. The page's rate as a fraction of this one's is the budget: what
 * the page costs beyond the search itself. Started by scripts/bench-search.ts with the product
 * server's environment; `PORT` and `HOST` as the product reads them.
 */
import http from "node:http";
import { presentLocations } from "../app/modules/catalogue/present.server";
import { searchCars } from "../app/modules/catalogue/search.server";
import { parseSearchParams, type KnownLocation } from "../app/modules/catalogue/search-query";
import { offeredOnlineMethods } from "../app/modules/payment/config.server";
import { resultHeadline } from "../app/modules/pricing/price-lines";

const port = Number(process.env.PORT ?? 3451);
const host = process.env.HOST ?? "127.0.0.1";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

async function resultsPage(url: URL): Promise<string> {
  const now = new Date();
  const locations = await presentLocations("en");
  const known = new Map<number, KnownLocation>(locations.map((l) => [l.id, l]));
  const { query } = parseSearchParams(url.searchParams, known, now);
  if (!query) return "<!doctype html><p>No search</p>";
  const [{ cars, count }, online] = await Promise.all([searchCars(query, now), offeredOnlineMethods()]);
  const { days } = query.period;
  const payNow = online.length > 0;
  const items = cars.map((car) => {
    const price = resultHeadline(car, days, payNow);
    return `<li>${escapeHtml(car.name)} · ${escapeHtml(car.supplierName)} · ${price?.totalCents} · ${price?.perDayCents} · ${price?.payLaterCents}</li>`;
  });
  return `<!doctype html><p>${count.total}${count.more ? "+" : ""}</p><ol>${items.join("")}</ol>`;
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", `http://${host}`);
  if (url.pathname === "/healthz") {
    response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    return;
  }
  if (url.pathname !== "/search") {
    response.writeHead(404).end();
    return;
  }
  resultsPage(url).then(
    (html) => response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html),
    (error: unknown) => {
      console.error(error);
      response.writeHead(500).end();
    },
  );
});
server.listen(port, host, () => console.log(`Search floor serving http://${host}:${port}`));
// Keep-alive sockets of the bench's clients would hold close() open: they go with the server.
process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
