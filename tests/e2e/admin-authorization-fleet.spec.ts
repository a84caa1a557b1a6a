import { adminOnly, authorizationTable, forgedAgainstA, ownedByA, shared, type Row } from "./admin-authorization";
import { formFields } from "./admin-fixtures";
import { test } from "./support";

/* The authorization matrix (tests/e2e/admin-authorization.ts) of the fleet: cars, places and suppliers. */
const routes: Row[] = [
  // Cars (shared): A's car by id, its edit form and its deletion, forged by B with A's own form.
  {
    name: "GET /admin/cars?q=:A's car",
    method: "GET",
    path: (fx) => `/admin/cars?q=${encodeURIComponent(fx.carName)}`,
    cells: shared(),
  },
  { name: "GET /admin/cars/new", method: "GET", path: () => "/admin/cars/new", cells: shared() },
  {
    name: "POST /admin/cars/new (empty form)",
    method: "POST",
    path: () => "/admin/cars/new",
    form: () => ({}),
    cells: shared(400),
  },
  { name: "GET /admin/cars/:A's car", method: "GET", path: (fx) => `/admin/cars/${fx.carId}`, cells: ownedByA() },
  {
    name: "GET /admin/cars/:A's car/delete",
    method: "GET",
    path: (fx) => `/admin/cars/${fx.carId}/delete`,
    cells: ownedByA(),
  },
  {
    name: "POST /admin/cars/:A's car (A's edit form, renamed and repriced)",
    method: "POST",
    path: (fx) => `/admin/cars/${fx.carId}`,
    form: async (fx) => {
      const form = formFields(await (await clients.staffA.get(`/admin/cars/${fx.carId}`)).text(), "dailyPrice");
      form.set("name", "Taken by B");
      form.set("dailyPrice", "1");
      return form;
    },
    cells: forgedAgainstA(),
    untouched: ["car"],
  },
  {
    // An invalid form is answered 404 like a valid one: validation never runs on another supplier's car.
    name: "POST /admin/cars/:A's car (empty form)",
    method: "POST",
    path: (fx) => `/admin/cars/${fx.carId}`,
    form: () => ({}),
    cells: { visitor: 302, driver: 404, staffA: 400, staffB: 404, admin: 400 },
    untouched: ["car"],
  },
  {
    name: "POST /admin/cars/:A's car/delete (delete)",
    method: "POST",
    path: (fx) => `/admin/cars/${fx.carId}/delete`,
    form: () => ({ intent: "delete" }),
    cells: forgedAgainstA(),
    untouched: ["car"],
  },
  // Places and suppliers (admin-only).
  { name: "GET /admin/places/new", method: "GET", path: () => "/admin/places/new", cells: adminOnly() },
  {
    name: "POST /admin/places/new (empty form)",
    method: "POST",
    path: () => "/admin/places/new",
    form: () => ({}),
    cells: adminOnly(400),
  },
  { name: "GET /admin/places/:place", method: "GET", path: (fx) => `/admin/places/${fx.placeId}`, cells: adminOnly() },
  {
    name: "POST /admin/places/:place (empty form)",
    method: "POST",
    path: (fx) => `/admin/places/${fx.placeId}`,
    form: () => ({}),
    cells: { ...adminOnly(), admin: null },
    untouched: ["place"],
  },
  { name: "GET /admin/suppliers/new", method: "GET", path: () => "/admin/suppliers/new", cells: adminOnly() },
  {
    name: "POST /admin/suppliers/new (empty form)",
    method: "POST",
    path: () => "/admin/suppliers/new",
    form: () => ({}),
    cells: adminOnly(400),
  },
  {
    // Staff open their own supplier's page for its rental rules only (docs/domain.md#suppliers).
    name: "GET /admin/suppliers/:A",
    method: "GET",
    path: (fx) => `/admin/suppliers/${fx.supplierAId}`,
    cells: ownedByA(),
  },
  {
    name: "POST /admin/suppliers/:A (empty form)",
    method: "POST",
    path: (fx) => `/admin/suppliers/${fx.supplierAId}`,
    form: () => ({}),
    cells: { visitor: 302, driver: 404, staffA: 403, staffB: 404, admin: null },
    untouched: ["supplierA"],
  },
  {
    name: "POST /admin/suppliers/:A (rental rules, invalid)",
    method: "POST",
    path: (fx) => `/admin/suppliers/${fx.supplierAId}`,
    form: () => ({ intent: "rules", preparationHours: "99" }),
    cells: { visitor: 302, driver: 404, staffA: 400, staffB: 404, admin: 400 },
    untouched: ["supplierA"],
  },
  {
    name: "POST /admin/cars/:A?blocks (out of service, invalid)",
    method: "POST",
    path: (fx) => `/admin/cars/${fx.carId}?blocks`,
    form: () => ({ intent: "block" }),
    cells: ownedByA(400),
    untouched: ["car"],
  },
];

const { clients, checkRow } = authorizationTable();

for (const row of routes) test(row.name, () => checkRow(row));
