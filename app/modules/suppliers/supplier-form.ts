import { z } from "zod";
import { emailField, optionalText, phoneField, requiredText, whatsappField } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { dollarsField, parseDollars } from "~/modules/forms/money";
import { languages } from "~/modules/i18n/languages";
import { YOUNG_DRIVER_FEE_MAX_CENTS } from "~/modules/booking/young-driver";
import { normalizeRif } from "~/modules/payment/mobile-payment";
import { FULL_NAME_MAX } from "~/modules/user/limits";

/*
 * The rules of a supplier and of a staff invitation as an admin enters them
 * (docs/domain.md#suppliers). Shared by the browser and the server: messages are i18n keys.
 */

export const SUPPLIER_NAME_MAX = 120;
/** The upload cap of every image (app/modules/images/process.server.ts), checked here before sending. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

export const logoMessages = {
  empty: "adminSuppliers:logo.empty",
  tooLarge: "adminSuppliers:logo.tooLarge",
  notImage: "adminSuppliers:logo.notImage",
  tooManyPixels: "adminSuppliers:logo.tooManyPixels",
  busy: "adminSuppliers:logo.busy",
} as const;

export const FISCAL_ADDRESS_MAX = 300;
export const supplierMessages = { rif: "adminSuppliers:errors.rif" } as const;

/**
 * The RIF (docs/domain.md#fleet-data): optional until the supplier's first agreement, then its
 * format and SENIAT check digit hold, as for pago móvil; stored as `J-12345678-4`.
 */
const rifField = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const rif = normalizeRif(value);
    if (rif === null) ctx.addIssue({ code: "custom", message: supplierMessages.rif });
    return rif;
  });

export const supplierSchema = z.object({
  name: requiredText(SUPPLIER_NAME_MAX),
  email: emailField(),
  phone: phoneField().optional(),
  whatsapp: whatsappField().optional(),
  rif: rifField,
  fiscalAddress: optionalText(FISCAL_ADDRESS_MAX).transform((value) => value || null),
  payLater: z.boolean().optional(),
  collectsIgtf: z.boolean().optional(),
  active: z.boolean().optional(),
  logo: z.file({ error: logoMessages.notImage }).max(LOGO_MAX_BYTES, logoMessages.tooLarge).optional(),
});

export const staffInviteSchema = z.object({
  fullName: requiredText(FULL_NAME_MAX),
  email: emailField(),
  language: z.enum(languages, { error: messages.required }),
});

export type StaffInvite = z.output<typeof staffInviteSchema>;

/**
 * The supplier's rental rules and their bounds (docs/domain.md#preparation, #rental-limits,
 * #final-bill); the database checks the same.
 */
export const supplierRuleLimits = {
  preparationHours: { min: 0, max: 72 },
  minimumNoticeHours: { min: 0, max: 720 },
  minimumDays: { min: 1, max: 90 },
  lateGraceMinutes: { min: 0, max: 240 },
  depositReturnDays: { min: 1, max: 90 },
  youngDriverAge: { min: 21, max: 99 },
} as const;

/** The refuelling price of an eighth of a tank, in cents: up to $1,000. */
const REFUEL_EIGHTH_MAX_CENTS = 100_000;
const refuelEighthMessage = "adminSuppliers:rules.refuelEighthRange";

const wholeNumber = (field: keyof typeof supplierRuleLimits) => {
  const { min, max } = supplierRuleLimits[field];
  const message = `adminSuppliers:rules.${field}Range`;
  return z.number({ error: messages.required }).int(message).min(min, message).max(max, message);
};

/** The largest one-way fee, in cents ($10,000): the database checks a wider bound. */
export const ONE_WAY_FEE_MAX_CENTS = 1_000_000;

/** A fee in dollars as typed, kept in cents; empty or 0: none (null). */
const optionalFee = (maxCents: number, message: string) =>
  z
    .string()
    .optional()
    .refine((value) => {
      if (value === undefined) return true;
      const cents = parseDollars(value);
      return cents !== null && cents <= maxCents;
    }, message)
    .transform((value) => (value === undefined ? null : parseDollars(value) || null));

export const supplierRulesSchema = z.object({
  preparationHours: wholeNumber("preparationHours"),
  minimumNoticeHours: wholeNumber("minimumNoticeHours"),
  minimumDays: wholeNumber("minimumDays"),
  /** Typed in dollars, held in cents. */
  refuelEighth: dollarsField(
    { min: 0, max: REFUEL_EIGHTH_MAX_CENTS },
    { invalid: refuelEighthMessage, tooLow: refuelEighthMessage, tooHigh: refuelEighthMessage },
  ),
  lateGraceMinutes: wholeNumber("lateGraceMinutes"),
  // docs/domain.md#deposit-ledger: after these days a deposit still held is overdue to return.
  depositReturnDays: wholeNumber("depositReturnDays"),
  // docs/domain.md#fees
  oneWayFeeCents: optionalFee(ONE_WAY_FEE_MAX_CENTS, "adminSuppliers:rules.oneWayFeeRange"),
  // docs/domain.md#young-driver-fee: the age is kept even while there is no fee.
  youngDriverAge: wholeNumber("youngDriverAge"),
  youngDriverFeeCents: optionalFee(YOUNG_DRIVER_FEE_MAX_CENTS, "adminSuppliers:rules.youngDriverFeeRange"),
});

export type SupplierRules = z.output<typeof supplierRulesSchema>;
