import { parseForm } from "~/modules/forms/parse-form";
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import type { TFunction } from "i18next";
import type { z } from "zod";
import { requiredFieldsKey, messages } from "~/modules/forms/messages";
import { getFixedT } from "~/modules/i18n/i18n.server";
import type { Language } from "~/modules/i18n/languages";
import { presentsBearer } from "~/utils/api-tokens.server";
import type { SessionUser } from "~/utils/session.server";
import { ApiError, genericErrors, isErrorStatus, type ErrorBody, type ErrorStatus } from "./errors";
import { apiLanguage } from "~/modules/i18n/accept-language";
import { bodySchema, type HttpMethod, type Operation, type OperationInput, type OperationReply } from "./operation";
import { logError } from "~/utils/log.server";
import { noteRefusals } from "~/modules/security/rate-limit.server";
import { statusesOf } from "./openapi";

export type HandlerArgs<O extends Operation> = OperationInput<O> & {
  request: Request;
  context: AppLoadContext;
  /** The caller (bearer token or session cookie); never null when the operation's auth is `user`. */
  user: O["auth"] extends "user" ? SessionUser : SessionUser | null;
  /** The caller's language (?l=, Accept-Language, account) and `t` in it. */
  language: Language;
  t: TFunction;
};

type Handler<O extends Operation> = (args: HandlerArgs<O>) => Promise<OperationReply<O> | Response>;

export type Implementation = { operation: Operation; run: (args: LoaderFunctionArgs) => Promise<Response> };

function jsonResponse(status: number, body: unknown, language: Language, headers?: Headers): Response {
  const merged = new Headers(headers);
  if (status !== 204) merged.set("Content-Type", "application/json; charset=utf-8");
  // Answers depend on who asks and in which language; none may be stored by a shared cache.
  merged.set("Cache-Control", "no-store");
  merged.set("Content-Language", language);
  merged.set("Vary", "Authorization, Cookie, Accept-Language");
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: merged });
}

/** A message key to the caller's words; zod's own English messages (no key) become a generic one. */
function translate(t: TFunction, key: string, values: Record<string, string> = {}): string {
  // A count travels as text in an ApiError; i18next picks its plural form (key_one/key_other) only from a number.
  const count = values.count !== undefined && /^\d+$/.test(values.count) ? Number(values.count) : undefined;
  const text = t(key, count === undefined ? values : { ...values, count });
  return text === key || text === key.slice(key.indexOf(":") + 1) ? t("api:errors.invalidValue") : text;
}

export function errorResponse(error: ApiError, t: TFunction, language: Language, headers?: Headers): Response {
  const fields = error.fields
    ? Object.fromEntries(
        Object.entries(error.fields).map(([name, key]) => [
          name,
          translate(t, key, { field: name, fields: name, ...error.values }),
        ]),
      )
    : undefined;
  const body: ErrorBody = {
    error: {
      code: error.code,
      message: translate(t, error.messageKey, error.values),
      ...(fields ? { fields } : {}),
      ...(error.hours ? { hours: error.hours } : {}),
    },
  };
  return jsonResponse(error.status, body, language, headers);
}

/**
 * Field errors as the API reports them. When every problem is a missing field, the message is
 * the spec's "Please fill in the field(s): …" with their names; otherwise "Please fix errors".
 */
export function validationError(fieldKeys: Record<string, string>): ApiError {
  const names = Object.keys(fieldKeys);
  const allMissing = names.length > 0 && Object.values(fieldKeys).every((key) => key === messages.required);
  if (allMissing)
    return new ApiError(400, "validation", requiredFieldsKey(names.length), fieldKeys, { fields: names.join(", ") });
  return new ApiError(400, "validation", "validation.fixErrors", fieldKeys);
}

function issuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join(".") || "body";
    fields[name] ??= issue.message;
  }
  return fields;
}

/** Validates with a schema the handler picks itself (a second step of one call): 400 with fields when invalid. */
export async function validate<S extends z.ZodType>(schema: S, value: unknown): Promise<z.output<S>> {
  const result = await schema.safeParseAsync(value);
  if (!result.success) throw validationError(issuesToFields(result.error.issues));
  return result.data;
}

const formTypes = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The body, validated by the operation's schema: JSON (an empty body counts as `{}`), or a
 * form (urlencoded or multipart), read the way the pages read theirs (parseForm coerces
 * checkboxes and numbers). The size caps were applied before (docs/security.md#request-bodies).
 */
async function readBody(request: Request, schema: z.ZodType): Promise<unknown> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (formTypes.some((form) => type.startsWith(form))) {
    let formData: FormData;
    try {
      formData = await request.formData();
    } catch {
      throw new ApiError(400, "badRequest", "api:errors.unreadable");
    }
    const submission = parseForm(formData, { schema });
    if (submission.status === "success") return submission.value;
    const fields: Record<string, string> = {};
    for (const [name, errors] of Object.entries(submission.error ?? {}))
      if (errors?.[0]) fields[name || "body"] = errors[0];
    throw validationError(fields);
  }
  const text = await request.text();
  let parsed: unknown;
  try {
    parsed = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, "badRequest", "api:errors.unreadable");
  }
  return validate(schema, parsed);
}

/**
 * A Response thrown by a helper the pages share (requireUser, requireBackOffice, the scopes),
 * in the API's shape: the pages' "go and sign in" redirect is a 401 here.
 */
function fromThrownResponse(response: Response): ApiError {
  if (response.status >= 300 && response.status < 400) return new ApiError(401);
  return new ApiError(isErrorStatus(response.status) ? response.status : 500);
}

/** Retry-After when a 429 comes from no counted limit (an image decoder that is busy): a minute. */
const RETRY_AFTER_FALLBACK_S = 60;

/** The headers of an error answer: a 429 says when to try again (RFC 9110 `Retry-After`, in seconds). */
function errorHeaders(error: ApiError, waitMs: number): Headers | undefined {
  if (error.status !== 429) return undefined;
  const seconds = waitMs > 0 ? Math.ceil(waitMs / 1000) : RETRY_AFTER_FALLBACK_S;
  return new Headers({ "Retry-After": String(seconds) });
}

function run<O extends Operation>(operation: O, handler: Handler<O>, args: LoaderFunctionArgs): Promise<Response> {
  return noteRefusals((waitMs) => answer(operation, handler, args, waitMs));
}

async function answer<O extends Operation>(
  operation: O,
  handler: Handler<O>,
  { request, context, params }: LoaderFunctionArgs,
  waitMs: () => number,
): Promise<Response> {
  const language = apiLanguage(new URL(request.url), request.headers.get("Accept-Language"), context.language);
  const t = getFixedT(language);
  try {
    if (
      operation.auth !== "none" &&
      !context.user &&
      (operation.auth === "user" || presentsBearer(request.headers.get("Authorization")))
    ) {
      throw new ApiError(401);
    }
    let validParams: unknown;
    // A path that names nothing (a malformed id, say) is a 404, like a missing resource.
    if (operation.params) {
      const result = await operation.params.safeParseAsync(params);
      if (!result.success) throw new ApiError(404);
      validParams = result.data;
    }
    const query = operation.query
      ? await validate(operation.query, Object.fromEntries(new URL(request.url).searchParams))
      : undefined;
    const schema = bodySchema(operation);
    const body = schema ? await readBody(request, schema) : undefined;
    const reply = await handler({
      params: validParams,
      query,
      body,
      request,
      context,
      user: context.user,
      language,
      t,
    } as HandlerArgs<O>);
    if (reply instanceof Response) return reply;
    const declared = (operation.responses as Record<number, { schema?: z.ZodType } | undefined>)[reply.status];
    if (!declared) throw new Error(`${operation.id} answered undeclared status ${reply.status}`);
    // Parsing with the declared schema drops any field it does not declare (no column leaks by accident).
    const answer = declared.schema ? declared.schema.parse(reply.body) : null;
    return jsonResponse(reply.status, answer, language, reply.headers);
  } catch (thrown) {
    let error: ApiError;
    if (thrown instanceof ApiError) error = thrown;
    else if (thrown instanceof Response) error = fromThrownResponse(thrown);
    else {
      // The operation's id, not the URL: a path may hold a secret (check-password); no values (docs/security.md#error-logs).
      logError(`api ${operation.id}`, thrown);
      error = new ApiError(500);
    }
    // Under test an answer the document does not list fails loudly (the codes are enums per operation).
    if (process.env.NODE_ENV === "test" && !statusesOf(operation).get(error.status)?.includes(error.code))
      throw new Error(`${operation.id} answered ${error.status} ${error.code}, which its document does not list`);
    return errorResponse(error, t, language, errorHeaders(error, waitMs()));
  }
}

/** A handler's success answer: `return reply(200, { user })` (the status stays a literal, so its body is type-checked). */
export function reply<const S extends number, B>(status: S, body: B, headers?: Headers) {
  return { status, body, headers };
}

/** Binds an operation to its handler; the handler gets validated, typed input. */
export function implement<O extends Operation>(operation: O, handler: Handler<O>): Implementation {
  return { operation, run: (args) => run(operation, handler, args) };
}

/**
 * The loader and action of an `app/routes/api.*.tsx` resource route: each method goes to its
 * operation; any other method answers 405 with `Allow`. Export both from the route:
 * `export const { loader, action } = apiRoute(implement(…), …)` is not used, because Remix
 * needs the exports by name: `const route = apiRoute(…); export const loader = route.loader;`.
 */
export function apiRoute(...implementations: Implementation[]) {
  const byMethod = new Map<HttpMethod, Implementation>(
    implementations.map((implementation) => [implementation.operation.method, implementation]),
  );
  const allow = [...byMethod.keys(), ...(byMethod.has("GET") ? ["HEAD"] : [])].join(", ");
  const dispatch = async (args: LoaderFunctionArgs): Promise<Response> => {
    const method = args.request.method === "HEAD" ? "GET" : (args.request.method as HttpMethod);
    const implementation = byMethod.get(method);
    if (implementation) return implementation.run(args);
    const language = apiLanguage(
      new URL(args.request.url),
      args.request.headers.get("Accept-Language"),
      args.context.language,
    );
    return errorResponse(new ApiError(405), getFixedT(language), language, new Headers({ Allow: allow }));
  };
  return { loader: dispatch, action: dispatch };
}

/** The error answer for a status, for code outside an operation (the unknown-path route). */
export function apiErrorResponse(request: Request, context: AppLoadContext, status: ErrorStatus): Response {
  const language = apiLanguage(new URL(request.url), request.headers.get("Accept-Language"), context.language);
  return errorResponse(
    new ApiError(status, genericErrors[status].code, genericErrors[status].message),
    getFixedT(language),
    language,
  );
}
