import { eq } from "drizzle-orm";
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

export type PaymentSettings = {
  /** The rate that applies today in Caracas (docs/domain.md#exchange-rate); null before the first one applies. */
  rate: ExchangeRate | null;
  mobilePaymentBankCode: string;
  bankName: string;
  mobilePaymentPhone: string;
  mobilePaymentRif: string;
  mobilePaymentHolder: string;
  cardPaymentsEnabled: boolean;
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
      })
      .from(settings)
      .leftJoin(banks, eq(banks.code, settings.mobilePaymentBankCode))
      .where(eq(settings.id, 1)),
    rateOn(db, appToday(now)),
  ]);
  return row ? { ...row, rate, bankName: row.bankName ?? row.mobilePaymentBankCode } : null;
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
 * contract) are TRON addresses, Binance Pay when the operator's merchant keys are set.
 */
export async function enabledOnlineMethods(): Promise<OnlineMethod[]> {
  const current = await paymentSettings();
  const methods: OnlineMethod[] = [];
  if (current?.cardPaymentsEnabled && cardGateway()) methods.push("cardPayment");
  if (current?.rate) methods.push("mobilePayment");
  if (walletSettings()) methods.push("walletPayment");
  if (binancePayConfigured()) methods.push("binancePay");
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
