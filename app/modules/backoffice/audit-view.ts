import { localToInstant, wallClockLabel } from "~/modules/time/zoned-time";
import { searchText } from "~/modules/forms/text";
import { formatCents } from "~/modules/i18n/format";
import type { Translate } from "~/modules/i18n/translate";
import { APP_TIME_ZONE } from "~/modules/time/calendar";

/*
 * How the audit log reads to a person (docs/domain.md#audit): filters kept in the URL, and each
 * recorded change as "field: before → after" in words rather than stored JSON.
 */

/** The kinds of subject entries are recorded about (`AuditInput["subjectType"]`), in the filter's order. */
export const auditSubjectTypes = [
  "car",
  "location",
  "supplier",
  "user",
  "booking",
  "payment",
  "review",
  "settings",
  "contact",
  "outbox",
] as const;
export type AuditSubjectType = (typeof auditSubjectTypes)[number];

/** A shown value: words the page translates (yes, no, nothing), or text as is. */
export type AuditValue = { kind: "empty" } | { kind: "yes" } | { kind: "no" } | { kind: "text"; text: string };
export type AuditChange = { field: string; before: AuditValue; after: AuditValue };

/** Long values (a reason, a description) are cut here; the full text stays in the log. */
const MAX_TEXT = 200;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/** A wall-clock time in the app's zone: "2026-11-23 14:05". */
export const appWallClock = (instant: Date) => wallClockLabel(instant, APP_TIME_ZONE).slice(0, 16);

/**
 * One stored value as a person reads it: amounts of fields named `…Cents` in dollars, instants
 * (JSON keeps dates as ISO strings) on the app's wall clock, lists joined.
 */
export function auditValue(field: string, value: unknown): AuditValue {
  if (value === null || value === undefined || value === "") return { kind: "empty" };
  if (typeof value === "boolean") return { kind: value ? "yes" : "no" };
  if (typeof value === "number" && field.endsWith("Cents") && Number.isInteger(value))
    return { kind: "text", text: formatCents(value) };
  if (typeof value === "string" && INSTANT.test(value) && !Number.isNaN(Date.parse(value)))
    return { kind: "text", text: appWallClock(new Date(value)) };
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: "empty" };
    return {
      kind: "text",
      text: cut(
        value
          .map((item) => (typeof item === "object" && item !== null ? JSON.stringify(item) : String(item)))
          .join(", "),
      ),
    };
  }
  if (typeof value === "object") return { kind: "text", text: cut(JSON.stringify(value)) };
  return { kind: "text", text: cut(String(value)) };
}

/** The stored `{ field: [before, after] }` as a list, skipping anything not of that shape. */
export function auditChanges(changes: unknown): AuditChange[] {
  if (changes === null || typeof changes !== "object" || Array.isArray(changes)) return [];
  return Object.entries(changes).flatMap(([field, pair]) =>
    Array.isArray(pair) && pair.length === 2
      ? [{ field, before: auditValue(field, pair[0]), after: auditValue(field, pair[1]) }]
      : [],
  );
}

/** A field's name for people when no translation names it: `dailyPriceCents` → "daily price". */
export function humanField(field: string): string {
  const words = field
    .replace(/Cents$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase()
    .trim();
  return words || field;
}

/** A translation of the log's namespace when there is one, else `fallback`. */
function translated(t: Translate, key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

/**
 * An action's label (`t` of the log's namespace): its own when it has one (`car.update` → "Car
 * changed"), else its subject and verb, so an action a section adds later still reads.
 */
export function actionLabel(t: Translate, action: string): string {
  const [subject, verb = ""] = action.split(".");
  const fallback = `${translated(t, `subjects.${subject}`, subject)} · ${translated(t, `verbs.${verb}`, verb)}`;
  return translated(t, `actions.${action.replace(/\./g, "_")}`, fallback);
}

/** A field's label: its translation, else its name in words. */
export const fieldLabel = (t: Translate, field: string) => translated(t, `fields.${field}`, humanField(field));

/** The log's filters as kept in the URL (a GET form), read leniently: a bad value is no filter. */
export type AuditQuery = { subject: AuditSubjectType | null; actor: string; from: string; to: string; page: number };

const ACTOR_MAX = 254;
const date = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && localToInstant(`${value}T00:00`, APP_TIME_ZONE) ? value : "";

export function readAuditQuery(params: URLSearchParams): AuditQuery {
  const subject = params.get("subject");
  const page = Number(params.get("page"));
  return {
    subject: (auditSubjectTypes as readonly string[]).includes(subject ?? "") ? (subject as AuditSubjectType) : null,
    actor: searchText(params.get("actor") ?? "", ACTOR_MAX),
    from: date(params.get("from")),
    to: date(params.get("to")),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The filter's calendar days are days in the app's zone; `to` includes its whole day. */
export function auditDateRange(query: Pick<AuditQuery, "from" | "to">): { from: Date | null; to: Date | null } {
  const to = query.to ? localToInstant(`${query.to}T00:00`, APP_TIME_ZONE) : null;
  return {
    from: query.from ? localToInstant(`${query.from}T00:00`, APP_TIME_ZONE) : null,
    to: to ? new Date(to.getTime() + 86_400_000) : null,
  };
}

/** The log's URL for `query` at `page`, keeping the filters. */
export function auditHref(query: AuditQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.subject) params.set("subject", query.subject);
  if (query.actor) params.set("actor", query.actor);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/audit?${search}` : "/admin/audit";
}

/** The back-office page of a subject, for the kinds that have one. */
export function subjectHref(type: string, id: number | null): string | null {
  if (id === null) return null;
  const base = { car: "/admin/cars", location: "/admin/places", supplier: "/admin/suppliers", user: "/admin/users" }[
    type
  ];
  return base ? `${base}/${id}` : null;
}
