import { z } from "zod";
import { messages } from "~/modules/forms/messages";
import { hoursRefusalSchema, type HoursRefusalBody } from "./hours";

/** The error statuses an operation may answer (docs/architecture.md#api). */
export const errorStatuses = [400, 401, 403, 404, 405, 409, 413, 429, 500, 502] as const;
export type ErrorStatus = (typeof errorStatuses)[number];

/**
 * What each status says when the operation has nothing more precise: a stable `code` for
 * programs and an i18n key for people. Spec messages where the spec has one.
 */
export const genericErrors: Record<ErrorStatus, { code: string; message: string }> = {
  400: { code: "badRequest", message: "api:errors.badRequest" },
  401: { code: "unauthorized", message: "api:errors.unauthorized" },
  403: { code: "forbidden", message: "api:errors.forbidden" },
  404: { code: "notFound", message: "api:errors.notFound" },
  405: { code: "methodNotAllowed", message: "api:errors.methodNotAllowed" },
  409: { code: "conflict", message: "api:errors.conflict" },
  413: { code: "tooLarge", message: "error.tooLarge" },
  429: { code: "rateLimited", message: messages.rateLimited },
  // The spec's "An unhandled error occurred".
  500: { code: "internal", message: "error.body" },
  502: { code: "badGateway", message: "api:resources.badGateway" },
};

/**
 * The codes any operation may answer with a status, besides its own (Operation.errorCodes):
 * the handler's (a field error, an unreadable body) and the server's before the handler runs (a
 * body over the caps, server.ts); a write may also be refused as `crossSite` (openapi.ts).
 */
export const genericCodes: Record<ErrorStatus, readonly string[]> = {
  400: ["validation", "badRequest"],
  401: ["unauthorized"],
  403: ["forbidden"],
  404: ["notFound"],
  405: ["methodNotAllowed"],
  409: ["conflict"],
  413: ["tooLarge"],
  429: ["rateLimited"],
  500: ["internal"],
  502: ["badGateway"],
};

export const isErrorStatus = (status: number): status is ErrorStatus =>
  (errorStatuses as readonly number[]).includes(status);

/** The one error shape of the API: `{ error: { code, message, fields? } }`. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().meta({
        description: "Stable, for programs: e.g. validation, unauthorized, notFound, rateLimited, emailTaken.",
      }),
      message: z.string().meta({ description: "For people, in the caller's language (?l= or Accept-Language)." }),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: "One message per invalid field, keyed by the field's name (dots for nested fields)." }),
      hours: hoursRefusalSchema.optional().meta({
        description:
          "With code `outsideHours` only: the place that refuses the handover and its hours that day, which `message` words (docs/domain.md#opening-hours).",
      }),
    }),
  })
  .meta({ id: "Error" });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Thrown (or returned) by an operation's handler to answer with the error shape. `message` is an
 * i18n key, translated in the caller's language; `fields` maps field names to i18n keys.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: string = genericErrors[status].code,
    readonly messageKey: string = genericErrors[status].message,
    readonly fields?: Record<string, string>,
    /** Interpolation values of `messageKey` and of the `fields` messages. */
    readonly values?: Record<string, string>,
    /** A handover refused outside a place's hours: told beside the message (docs/domain.md#opening-hours). */
    readonly hours?: HoursRefusalBody,
  ) {
    super(code);
    this.name = "ApiError";
  }
}

/** A field's error, the way forms show it: `message` is an i18n key. */
export const fieldError = (field: string, message: string, code = "validation") =>
  new ApiError(400, code, "validation.fixErrors", { [field]: message });
