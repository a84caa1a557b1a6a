import { backOfficeSections } from "../../app/modules/backoffice/sections";
import { adminOnly, authorizationTable, forgedAgainstA, shared, type Row } from "./admin-authorization";
import { test } from "./support";

/*
 * The authorization matrix (tests/e2e/admin-authorization.ts) of the back office's sections and of
 * its administration (users, settings, inbox, outbox), which only admins reach.
 */
const routes: Row[] = [
  // Every section of the menu (app/modules/backoffice/sections.ts), as a page…
  ...backOfficeSections("admin").map((section): Row => ({
    name: `GET ${section.path}`,
    method: "GET",
    path: () => section.path,
    cells: section.adminOnly ? adminOnly() : shared(),
  })),
  // …and as an action given an empty form: refused before or by validation, never a 500.
  {
    name: "POST /admin/reviews (empty form)",
    method: "POST",
    path: () => "/admin/reviews",
    form: () => ({}),
    cells: shared(400),
  },
  {
    // Replies are the supplier's own staff's: B's staff and admins find no review of theirs to answer.
    name: "POST /admin/reviews reply to A's review (forged)",
    method: "POST",
    path: () => "/admin/reviews",
    form: (fx) => ({ intent: "reply", bookingId: String(fx.bookingId), reply: "A forged reply" }),
    cells: { ...forgedAgainstA(), admin: 404 },
    untouched: ["review"],
  },
  {
    name: "POST /admin/outbox (empty form)",
    method: "POST",
    path: () => "/admin/outbox",
    form: () => ({}),
    cells: adminOnly(400),
  },

  // Users, settings, inbox (admin-only): staff are refused before anything is read or changed.
  { name: "GET /admin/users/new", method: "GET", path: () => "/admin/users/new", cells: adminOnly() },
  {
    name: "POST /admin/users/new (empty form)",
    method: "POST",
    path: () => "/admin/users/new",
    form: () => ({}),
    cells: adminOnly(400),
  },
  {
    name: "GET /admin/users/:A's staff member",
    method: "GET",
    path: (fx) => `/admin/users/${fx.staffAId}`,
    cells: adminOnly(),
  },
  {
    name: "POST /admin/users/:A's staff member (empty form)",
    method: "POST",
    path: (fx) => `/admin/users/${fx.staffAId}`,
    form: () => ({}),
    cells: adminOnly(400),
  },
  {
    name: "POST /admin/users/:A's staff member suspend",
    method: "POST",
    path: (fx) => `/admin/users/${fx.staffAId}`,
    form: () => ({ intent: "suspend" }),
    cells: { ...adminOnly(), admin: null },
    untouched: ["staffA"],
  },
  {
    name: "POST /admin/settings (empty form)",
    method: "POST",
    path: () => "/admin/settings",
    form: () => ({}),
    cells: adminOnly(400),
  },
  {
    name: "POST /admin/contact (empty form)",
    method: "POST",
    path: () => "/admin/contact",
    form: () => ({}),
    cells: adminOnly(400),
  },
];

const { checkRow } = authorizationTable();

for (const row of routes) test(row.name, () => checkRow(row));
