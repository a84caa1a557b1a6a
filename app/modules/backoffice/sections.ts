/** The back office's sections in menu order; `adminOnly` ones answer 403 to supplier staff (docs/security.md#back-office). */
const sections = [
  { key: "dashboard", path: "/admin", adminOnly: false },
  { key: "counter", path: "/admin/counter", adminOnly: false },
  { key: "bookings", path: "/admin/bookings", adminOnly: false },
  { key: "cars", path: "/admin/cars", adminOnly: false },
  { key: "calendar", path: "/admin/calendar", adminOnly: false },
  { key: "payments", path: "/admin/payments", adminOnly: false },
  { key: "reviews", path: "/admin/reviews", adminOnly: false },
  { key: "places", path: "/admin/places", adminOnly: true },
  { key: "suppliers", path: "/admin/suppliers", adminOnly: true },
  { key: "users", path: "/admin/users", adminOnly: true },
  { key: "settings", path: "/admin/settings", adminOnly: true },
  { key: "contact", path: "/admin/contact", adminOnly: true },
  { key: "audit", path: "/admin/audit", adminOnly: true },
  { key: "outbox", path: "/admin/outbox", adminOnly: true },
] as const;

export type BackOfficeSection = (typeof sections)[number];

export const backOfficeSections = (type: "admin" | "supplier"): BackOfficeSection[] =>
  sections.filter((section) => type === "admin" || !section.adminOnly);
