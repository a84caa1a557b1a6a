import { desc, eq } from "drizzle-orm";
import type { StaffUser } from "~/modules/access/staff.server";
import { changedFields } from "~/modules/audit/audit";
import { recordAudit } from "~/modules/audit/audit.server";
import { formatInstant } from "~/modules/i18n/date-time.server";
import type { Language } from "~/modules/i18n/languages";
import { rateOn } from "~/modules/pricing/exchange-rate.server";
import { APP_TIME_ZONE, appToday } from "~/modules/time/calendar";
import { getDb, schema } from "~/utils/db.server";
import { forgetBolivarEstimateRate, forgetOfferedOnlineMethods } from "./config.server";
import { normalizeRate, type SettingsInput } from "./settings";

const { banks, exchangeRates, settings, users } = schema;

/** How many past rates the settings page lists. */
export const RATE_HISTORY_SHOWN = 20;

/**
 * The settings form's current values (null before the first save), with the rate that applies
 * today, and the latest rates entered, newest first (docs/domain.md#exchange-rate).
 */
export async function settingsPage(language: Language, now = new Date()) {
  const db = await getDb();
  const [[current], rate, history] = await Promise.all([
    db.select().from(settings).where(eq(settings.id, 1)),
    rateOn(db, appToday(now)),
    db
      .select({
        id: exchangeRates.id,
        rate: exchangeRates.usdToBsRate,
        rateDate: exchangeRates.rateDate,
        source: exchangeRates.source,
        setBy: users.fullName,
        setAt: exchangeRates.createdAt,
      })
      .from(exchangeRates)
      .leftJoin(users, eq(users.id, exchangeRates.createdBy))
      .orderBy(desc(exchangeRates.id))
      .limit(RATE_HISTORY_SHOWN),
  ]);
  return {
    current: current
      ? {
          rate: rate ? (normalizeRate(rate.usdToBsRate) ?? rate.usdToBsRate) : undefined,
          rateDate: rate?.rateDate,
          source: rate?.source,
          bank: current.mobilePaymentBankCode,
          phone: current.mobilePaymentPhone,
          rif: current.mobilePaymentRif,
          holder: current.mobilePaymentHolder,
          cardPayments: current.cardPaymentsEnabled,
          bolivarEstimates: current.bolivarEstimates,
          zelle: current.zelleEnabled,
          zelleEmail: current.zelleEmail ?? undefined,
          zelleHolder: current.zelleHolder ?? undefined,
          bankTransfer: current.bankTransferEnabled,
          transferBank: current.bankTransferBankCode ?? undefined,
          transferAccount: current.bankTransferAccount ?? undefined,
          transferHolder: current.bankTransferHolder ?? undefined,
          transferRif: current.bankTransferRif ?? undefined,
        }
      : null,
    history: history.map((row) => ({
      ...row,
      rate: normalizeRate(row.rate) ?? row.rate,
      setAt: formatInstant(row.setAt, language, APP_TIME_ZONE),
    })),
  };
}

/**
 * Saves the settings in one transaction (docs/domain.md#exchange-rate): a rate that differs from
 * the one applying on its date adds a row to `exchange_rates` (for a date that has one, an
 * override), and each kind of change (rate, pago móvil data, card payments) gets its audit entry,
 * the rate's with the value it replaces. The first save creates the settings row.
 */
export async function saveSettings(
  actor: StaffUser,
  input: SettingsInput,
  now = new Date(),
): Promise<"saved" | "unchanged" | "unknownBank" | "unknownTransferBank"> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const [bank] = await tx.select({ code: banks.code }).from(banks).where(eq(banks.code, input.bank));
    if (!bank) return "unknownBank";
    if (input.transferBank) {
      const [transferBank] = await tx
        .select({ code: banks.code })
        .from(banks)
        .where(eq(banks.code, input.transferBank));
      if (!transferBank) return "unknownTransferBank";
    }
    const [before] = await tx.select().from(settings).where(eq(settings.id, 1)).for("update");
    // The rate this one replaces: the one entered for its date, or the one carried over to it.
    const previous = await rateOn(tx, input.rateDate);
    const rateChanges = changedFields(
      {
        rate: previous && (normalizeRate(previous.usdToBsRate) ?? previous.usdToBsRate),
        rateDate: previous?.rateDate,
        source: previous?.source,
      },
      { rate: input.rate, rateDate: input.rateDate, source: input.source },
    );
    const merchantChanges = changedFields(
      {
        bank: before?.mobilePaymentBankCode,
        phone: before?.mobilePaymentPhone,
        rif: before?.mobilePaymentRif,
        holder: before?.mobilePaymentHolder,
      },
      { bank: input.bank, phone: input.phone, rif: input.rif, holder: input.holder },
    );
    const cardChanges = changedFields(
      { cardPayments: before?.cardPaymentsEnabled },
      { cardPayments: Boolean(input.cardPayments) },
    );
    const estimateChanges = changedFields(
      // Off until switched on: a first save that leaves it off changes nothing.
      { bolivarEstimates: before?.bolivarEstimates ?? false },
      { bolivarEstimates: Boolean(input.bolivarEstimates) },
    );
    const transferFields = {
      zelleEnabled: Boolean(input.zelle),
      zelleEmail: input.zelleEmail ?? null,
      zelleHolder: input.zelleHolder ?? null,
      bankTransferEnabled: Boolean(input.bankTransfer),
      bankTransferBankCode: input.transferBank ?? null,
      bankTransferAccount: input.transferAccount ?? null,
      bankTransferHolder: input.transferHolder ?? null,
      bankTransferRif: input.transferRif ?? null,
    };
    const transferChanges = changedFields(
      {
        zelleEnabled: before?.zelleEnabled ?? false,
        zelleEmail: before?.zelleEmail ?? null,
        zelleHolder: before?.zelleHolder ?? null,
        bankTransferEnabled: before?.bankTransferEnabled ?? false,
        bankTransferBankCode: before?.bankTransferBankCode ?? null,
        bankTransferAccount: before?.bankTransferAccount ?? null,
        bankTransferHolder: before?.bankTransferHolder ?? null,
        bankTransferRif: before?.bankTransferRif ?? null,
      },
      transferFields,
    );
    if (
      !Object.keys({ ...rateChanges, ...merchantChanges, ...cardChanges, ...estimateChanges, ...transferChanges })
        .length
    )
      return "unchanged";

    const values = {
      mobilePaymentBankCode: input.bank,
      mobilePaymentPhone: input.phone,
      mobilePaymentRif: input.rif,
      mobilePaymentHolder: input.holder,
      cardPaymentsEnabled: Boolean(input.cardPayments),
      bolivarEstimates: Boolean(input.bolivarEstimates),
      ...transferFields,
    };
    // Two first saves at once: the second finds the row the first inserted and updates it.
    await tx
      .insert(settings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: settings.id, set: { ...values, updatedAt: now } });

    if (Object.keys(rateChanges).length) {
      const [history] = await tx
        .insert(exchangeRates)
        .values({ usdToBsRate: input.rate, rateDate: input.rateDate, source: input.source, createdBy: actor.id })
        .returning({ id: exchangeRates.id });
      await recordAudit(tx, actor, {
        action: "settings.rate",
        subjectType: "settings",
        subjectId: history.id,
        changes: rateChanges,
      });
    }
    if (Object.keys(merchantChanges).length)
      await recordAudit(tx, actor, {
        action: "settings.mobilePayment",
        subjectType: "settings",
        changes: merchantChanges,
      });
    if (Object.keys(transferChanges).length)
      await recordAudit(tx, actor, { action: "settings.transfers", subjectType: "settings", changes: transferChanges });
    if (Object.keys(cardChanges).length)
      await recordAudit(tx, actor, { action: "settings.cardPayments", subjectType: "settings", changes: cardChanges });
    if (Object.keys(estimateChanges).length)
      await recordAudit(tx, actor, {
        action: "settings.bolivarEstimates",
        subjectType: "settings",
        changes: estimateChanges,
      });
    return "saved";
  });
  // Once committed, so no read of the old row can be kept (the catalogue's offer of paying now).
  if (outcome === "saved") {
    forgetOfferedOnlineMethods();
    forgetBolivarEstimateRate();
  }
  return outcome;
}
