import { z } from "zod";
import { emailField, phoneField, requiredText, rowIdField } from "~/modules/forms/fields";
import { searchText } from "~/modules/forms/text";
import { messages } from "~/modules/forms/messages";
import { languages } from "~/modules/i18n/languages";
import { FULL_NAME_MAX } from "./limits";

/*
 * The rules of the admins' user management (docs/domain.md#user-management). Pure, so the
 * browser checks the forms with the same schemas as the server.
 */

/** The types an admin gives an account; `enterprise` exists in the enumerations only (docs/domain.md#roles). */
export const assignableTypes = ["admin", "supplier", "user"] as const;
export type AssignableType = (typeof assignableTypes)[number];

/** The accounts an admin creates: staff, who activate through the emailed link. Drivers sign up themselves. */
export const staffTypes = ["admin", "supplier"] as const;

/** The list's type filter, as kept in the URL (`user` is shown as "driver"). */
export const listTypes = ["admin", "supplier", "user"] as const;
export type ListType = (typeof listTypes)[number];

export const SEARCH_MAX = 100;

export type UserListQuery = { q: string; type: ListType | null; page: number };

/** The list's search and filter from the URL, read leniently: a bad value is no filter, a bad page the first. */
export function readUserListQuery(params: URLSearchParams): UserListQuery {
  const type = params.get("type");
  const page = Number(params.get("page"));
  return {
    q: searchText(params.get("q") ?? "", SEARCH_MAX),
    type: (listTypes as readonly string[]).includes(type ?? "") ? (type as ListType) : null,
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The list's URL for a query, without the defaults, so links stay short and canonical. */
export function userListHref(query: UserListQuery, page = query.page): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.type) params.set("type", query.type);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/users?${search}` : "/admin/users";
}

/** `%` and `_` typed in the search box are looked for as themselves, not as LIKE wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const adminUserMessages = {
  supplierInvalid: "adminUsers:errors.supplier",
  selfSuspend: "adminUsers:errors.selfSuspend",
  selfDelete: "adminUsers:errors.selfDelete",
  selfDemote: "adminUsers:errors.selfDemote",
  lastAdmin: "adminUsers:errors.lastAdmin",
} as const;

const supplierId = rowIdField(adminUserMessages.supplierInvalid).optional();

/** A supplier account belongs to one supplier; the other types to none, whatever the form says. */
function supplierFits(
  value: { type?: string; supplierId?: number },
  ctx: z.RefinementCtx<{ type?: string; supplierId?: number }>,
) {
  if (value.type === "supplier" && value.supplierId === undefined)
    ctx.addIssue({ code: "custom", path: ["supplierId"], message: messages.required });
}

/** "Please fill in the field: Type" when no type is chosen (spec §5). */
export const changeTypeSchema = z
  .object({ type: z.enum(assignableTypes, { error: messages.required }), supplierId })
  .superRefine(supplierFits);
export type ChangeTypeInput = z.output<typeof changeTypeSchema>;

export const createAccountSchema = z
  .object({
    fullName: requiredText(FULL_NAME_MAX),
    email: emailField(),
    phone: phoneField(),
    type: z.enum(staffTypes, { error: messages.required }),
    supplierId,
    // The language of the invitation and of the account's emails (docs/domain.md#user-management); the admin's own when not sent.
    language: z.enum(languages).optional(),
  })
  .superRefine(supplierFits);
export type CreateAccountInput = z.output<typeof createAccountSchema>;

/** The supplier an account of `type` belongs to: only supplier staff have one. */
export const supplierFor = (input: { type: string; supplierId?: number }): number | null =>
  input.type === "supplier" ? (input.supplierId ?? null) : null;

export type AccountAction = { kind: "suspend" } | { kind: "delete" } | { kind: "changeType"; type: AssignableType };

/**
 * An admin cannot lock themselves out: suspending, deleting or demoting their own account is
 * refused (docs/domain.md#user-management), which also keeps at least one admin able to act.
 */
export type SelfRefusal = "selfSuspend" | "selfDelete" | "selfDemote";

export function selfActionProblem(actorId: number, targetId: number, action: AccountAction): SelfRefusal | null {
  if (actorId !== targetId) return null;
  if (action.kind === "suspend") return "selfSuspend";
  if (action.kind === "delete") return "selfDelete";
  return action.type === "admin" ? null : "selfDemote";
}
