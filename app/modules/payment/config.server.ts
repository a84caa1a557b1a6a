import { aliasedTable, eq } from "drizzle-orm";
import { formatInstant } from "~/modules/i18n/date-time.server";
import type { Language } from "~/modules/i18n/languages";
import { rateOn, type ExchangeRate } from "~/modules/pricing/exchange-rate.server";
import { appToday } from "~/modules/time/calendar";
import { cachedValue } from "~/utils/cached-value.server";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import type { OnlineMethod } from "~/modules/booking/methods";
import { normalizeRate } from "./settings";
import { walletSettings } from "./wallet-settings.server";
import { binancePayConfigured } from "./binance-pay.server";

const { settings, banks } = schema;
const transferBanks = aliasedTable(banks, "transfer_banks");

export type PaymentSettings = {
  /** The rate that applies today in Caracas (docs/domain.md#exchange-rate); null before the first one applies. */
  rate: ExchangeRate | null;
  mobilePaymentBankCode: string;
  bankName: string;
  mobilePaymentPhone: string;
  mobilePaymentRif: string;
  mobilePaymentHolder: string;
  cardPaymentsEnabled: boolean;
  /** Zelle's account when it is on and complete (docs/domain.md#transfers); null otherwise. */
  zelle: { email: string; holder: string } | null;
  /** The bolívar account transfers go to when it is on and complete; null otherwise. */
  bankTransfer: { bankCode: string; bankName: string; account: string; holder: string; rif: string } | null;
};

/**
 * The operator's payment settings (one row), with the merchant bank's name and the rate that
 * applies on `now`'s day in Caracas; null before an admin sets them.
 */
export async function paymentSettings(now = new Date()): Promise<PaymentSettings | null> {
  const db = await getDb();
  const [[row], rate] = await Promise.all([
    db
      .select({
        mobilePaymentBankCode: settings.mobilePaymentBankCode,
        bankName: banks.name,
        mobilePaymentPhone: settings.mobilePaymentPhone,
        mobilePaymentRif: settings.mobilePaymentRif,
        mobilePaymentHolder: settings.mobilePaymentHolder,
        cardPaymentsEnabled: settings.cardPaymentsEnabled,
        zelleEnabled: settings.zelleEnabled,
        zelleEmail: settings.zelleEmail,
        zelleHolder: settings.zelleHolder,
        bankTransferEnabled: settings.bankTransferEnabled,
        bankTransferBankCode: settings.bankTransferBankCode,
        bankTransferBankName: transferBanks.name,
        bankTransferAccount: settings.bankTransferAccount,
        bankTransferHolder: settings.bankTransferHolder,
        bankTransferRif: settings.bankTransferRif,
      })
      .from(settings)
      .leftJoin(banks, eq(banks.code, settings.mobilePaymentBankCode))
      .leftJoin(transferBanks, eq(transferBanks.code, settings.bankTransferBankCode))
      .where(eq(settings.id, 1)),
    rateOn(db, appToday(now)),
  ]);
  if (!row) return null;
  const {
    zelleEnabled,
    zelleEmail,
    zelleHolder,
    bankTransferEnabled,
    bankTransferBankCode,
    bankTransferBankName,
    bankTransferAccount,
    bankTransferHolder,
    bankTransferRif,
    ...mobile
  } = row;
  return {
    ...mobile,
    rate,
    bankName: row.bankName ?? row.mobilePaymentBankCode,
    zelle: zelleEnabled && zelleEmail && zelleHolder ? { email: zelleEmail, holder: zelleHolder } : null,
    bankTransfer:
      bankTransferEnabled && bankTransferBankCode && bankTransferAccount && bankTransferHolder && bankTransferRif
        ? {
            bankCode: bankTransferBankCode,
            bankName: bankTransferBankName ?? bankTransferBankCode,
            account: bankTransferAccount,
            holder: bankTransferHolder,
            rif: bankTransferRif,
          }
        : null,
  };
}

/**
 * Which card gateway takes card payments: Stripe with a key; otherwise the demo gateway, which
 * fails closed (docs/operations.md#demo-money): decided once, with the reason, in config/env.ts.
 */
export function cardGateway(): "stripe" | "demo" | null {
  return getEnv().cardGateway;
}

/**
 * The online methods offered now (docs/domain.md#payments), each only when configured: card when
 * the settings allow it and a gateway runs, pago móvil when the merchant's data is set and a rate
 * applies today (docs/domain.md#exchange-rate), USDT when the deposit address (and the token
 * contract) are TRON addresses, Zelle and the bank transfer when switched on with their account
 * (docs/domain.md#transfers), Binance Pay when the operator's merchant keys are set.
 */
export async function enabledOnlineMethods(): Promise<OnlineMethod[]> {
  const current = await paymentSettings();
  const methods: OnlineMethod[] = [];
  if (current?.cardPaymentsEnabled && cardGateway()) methods.push("cardPayment");
  if (current?.rate) methods.push("mobilePayment");
  if (walletSettings()) methods.push("walletPayment");
  if (binancePayConfigured()) methods.push("binancePay");
  if (current?.zelle) methods.push("zelle");
  // Bolívares at today's rate: no rate, no bank transfer (docs/domain.md#exchange-rate).
  if (current?.bankTransfer && current.rate) methods.push("bankTransfer");
  return methods;
}

const offered = cachedValue(enabledOnlineMethods);

/**
 * enabledOnlineMethods as the catalogue shows it (the search's "pay now" totals, a car's ways of
 * paying in the API), kept with the other reference data so a view does not read the settings;
 * checkout and the payment pages decide on enabledOnlineMethods itself, read at that moment.
 */
export const offeredOnlineMethods = () => offered.get();

/** After the payment settings are saved: this process reads them again on next use. */
export const forgetOfferedOnlineMethods = () => offered.forget();

/** The rate prices are estimated at in bolívares (docs/domain.md#bolivar-estimates), when the admin shows them. */
export type BolivarEstimateRate = { rate: string; rateDate: string };

/** The estimates' rate on `day`, or null when they are not shown or no rate applies yet. */
async function loadEstimateRate(day: string): Promise<BolivarEstimateRate | null> {
  const db = await getDb();
  const [[row], rate] = await Promise.all([
    db.select({ shown: settings.bolivarEstimates }).from(settings).where(eq(settings.id, 1)),
    rateOn(db, day),
  ]);
  return row?.shown && rate ? { rate: rate.usdToBsRate, rateDate: rate.rateDate } : null;
}

/** The cached value knows the day it was read for: the rate of a day never serves the next one. */
const estimateRate = cachedValue(async () => {
  const day = appToday();
  return { day, value: await loadEstimateRate(day) };
});

/**
 * A rate as an estimate's note shows it: the rate as stored ("245.5000") to compute with, and the
 * rate and its date as the reader reads them (docs/domain.md#bolivar-estimates).
 */
export type ShownRate = { rate: string; rateLabel: string; dateLabel: string };

export const shownRate = ({ rate, rateDate }: BolivarEstimateRate, language: Language): ShownRate => ({
  rate,
  rateLabel: normalizeRate(rate) ?? rate,
  dateLabel: formatInstant(new Date(`${rateDate}T12:00:00Z`), language, "UTC", false),
});

/**
 * Read by every page's root loader, so kept in memory with the other reference data: the rate
 * that applies today in Caracas. A value read on another day is read again, so a cached rate
 * cannot outlive its day (docs/domain.md#exchange-rate).
 */
export async function bolivarEstimateRate(): Promise<BolivarEstimateRate | null> {
  const cached = await estimateRate.get();
  if (cached.day === appToday()) return cached.value;
  estimateRate.forget();
  return (await estimateRate.get()).value;
}

export const forgetBolivarEstimateRate = () => estimateRate.forget();
