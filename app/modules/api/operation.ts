import type { z } from "zod";
import type { ErrorStatus } from "./errors";

export type HttpMethod = "GET" | "POST" | "DELETE";

/**
 * Who may call: anyone (`none`), anyone with the caller's identity used when there is one
 * (`optional`; a bearer token that does not resolve is still 401), or a signed-in user (`user`).
 * Roles and scopes are checked in the handler with the same helpers as the pages.
 */
export type AuthRule = "none" | "optional" | "user";

export type SuccessResponse = {
  description: string;
  /** The body's schema; the handler's answer is parsed with it, so nothing undeclared leaves. */
  schema: z.ZodType;
};

/** A success with no body: the reference client reads 200 and 204 as two answers (e.g. free vs. taken). */
export type NoContentResponse = { description: string };

/** What a valid request looks like: for the reference page and the contract tests. */
export type OperationExample = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
};

/**
 * One operation of the JSON API: its path, the zod schemas that validate its input (the same
 * objects the OpenAPI document is generated from) and what it answers. Declared in
 * `app/modules/api/operations/<area>.ts` (`<area>-<use case>.ts` once an area grows), listed once in
 * `registry.ts`, implemented by a route.
 */
export type Operation = {
  /** operationId: unique, camelCase. */
  id: string;
  method: HttpMethod;
  /** OpenAPI path, with `{name}` parameters: `/api/user/{id}`. */
  path: `/api/${string}`;
  tag: string;
  summary: string;
  /** Markdown: what the call does, and the choices made where the spec says "not shown". */
  description?: string;
  auth: AuthRule;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /**
   * JSON body (urlencoded forms are accepted too); `multipart` for uploads. A function when the
   * schema depends on the moment (sign-up's minimum age is counted from today): called per request.
   */
  body?: z.ZodType | (() => z.ZodType);
  bodyEncoding?: "json" | "multipart";
  /** The success answers, by status. */
  responses: Partial<Record<200 | 201 | 202, SuccessResponse>> & { 204?: NoContentResponse };
  /**
   * The error statuses this operation's handler may answer (all with the Error shape). The
   * document adds those every operation of its kind can answer (openapi.ts#statusesOf).
   */
  errors: ErrorStatus[];
  /** The precise `code`s it answers besides each status's generic one (errors.ts#genericCodes). */
  errorCodes?: Partial<Record<ErrorStatus, readonly string[]>>;
  /** A function when a valid example depends on the day (a date that must not be in the future). */
  example?: OperationExample | (() => OperationExample);
};

/** Keeps the literal types of an operation, so its handler's input and answer are typed from its schemas. */
export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}

export function isOperation(value: unknown): value is Operation {
  return typeof value === "object" && value !== null && "method" in value && "path" in value && "responses" in value;
}

type Out<S> = S extends z.ZodType
  ? z.output<S>
  : S extends () => infer R
    ? R extends z.ZodType
      ? z.output<R>
      : undefined
    : undefined;

/** The operation's example request, as of now. */
export function exampleOf(operation: Operation): OperationExample {
  return typeof operation.example === "function" ? operation.example() : (operation.example ?? {});
}

/** The body schema of an operation for this request. */
export function bodySchema(operation: Operation): z.ZodType | undefined {
  return typeof operation.body === "function" ? operation.body() : operation.body;
}

/** What a handler receives after validation. */
export type OperationInput<O extends Operation> = {
  params: Out<O["params"]>;
  query: Out<O["query"]>;
  body: Out<O["body"]>;
};

/** What a handler answers: one of the operation's success statuses, with a body of its schema. */
export type OperationReply<O extends Operation> = {
  [S in keyof O["responses"] & number]: {
    status: S;
    body: O["responses"][S] extends SuccessResponse ? z.input<O["responses"][S]["schema"]> : null;
    headers?: Headers;
  };
}[keyof O["responses"] & number];
