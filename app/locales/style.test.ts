import { describe, expect, it } from "vitest";
import { resources } from "./resources";

/*
 * The style rules of docs/style/ that a machine can check, each reporting the keys that break
 * it, so the next string is written the same way: one Spanish register (usted), count plurals,
 * no untranslated copy of the English, French typography, and long texts not cut short.
 */

type Language = keyof typeof resources;

/** Every string of a language as [namespace:key, value]; array items as key[i]. */
function strings(language: Language): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === "string") out.push([path, node]);
    else if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (node && typeof node === "object")
      for (const [k, v] of Object.entries(node)) walk(v, path.endsWith(":") ? `${path}${k}` : `${path}.${k}`);
  };
  for (const [ns, tree] of Object.entries(resources[language])) walk(tree, `${ns}:`);
  return out;
}

const byKey = (language: Language) => new Map(strings(language));

// ---------------------------------------------------------------------------------------------
// Spanish: usted everywhere (docs/style/es.md#register).

/** Words only tú uses: pronouns, possessives and verb forms that are never usted's. */
const TU_WORDS = [
  "tu",
  "tus",
  "ti",
  "te",
  "contigo",
  "tuyo",
  "tuya",
  "tuyos",
  "tuyas",
  "tienes",
  "puedes",
  "quieres",
  "debes",
  "necesitas",
  "estás",
  "eres",
  "haz",
  "recibirás",
  "pagarás",
  "podrás",
  "iniciarás",
  "olvidaste",
  "solicitaste",
  "recibiste",
  "hiciste",
  "envías",
  "pagas",
  "quítalo",
  "elígelo",
  "búscalo",
  "cópialo",
  "escríbela",
  "reembólsalo",
  "inténtalo",
  "vuélvelo",
];
/**
 * Imperatives that read like usted's indicative ("el conductor paga", "la red confirma"): tú only
 * at the start of a sentence or after a colon, where they give an order.
 */
const TU_IMPERATIVES = [
  "elige",
  "ingresa",
  "introduce",
  "paga",
  "envía",
  "vuelve",
  "revisa",
  "comprueba",
  "selecciona",
  "escribe",
  "indica",
  "reembolsa",
  "arregla",
  "añade",
  "completa",
  "busca",
  "recarga",
  "cambia",
  "usa",
  "pulsa",
  "abre",
  "copia",
  "espera",
];
const letter = "\\p{L}";
const tuWord = new RegExp(`(?<!${letter})(${TU_WORDS.join("|")})(?!${letter})`, "iu");
const tuImperative = new RegExp(`(?:^|[.:;!?¿¡—]\\s*)(${TU_IMPERATIVES.join("|")})(?!${letter})`, "iu");

export function tuForms(text: string): string[] {
  return [text.match(tuWord)?.[1], text.match(tuImperative)?.[1]].filter((w): w is string => Boolean(w));
}

// ---------------------------------------------------------------------------------------------
// Plurals: a number that counts something goes through i18next's count (docs/style/en.md#plurals).

/** Placeholders that hold a count of things. */
const COUNT_PLACEHOLDER = /{{\s*(count|days|n|cars|bookings|nights|hours|minutes|seats|doors|items)\s*}}/;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** A count shown as "label: 3" or "(3)" needs no agreement. */
const AGREEMENT_FREE = /(:\s*{{\s*\w+\s*}}\s*[.)]?\s*$|:\s*{{\s*\w+\s*}}\.|\({{\s*\w+\s*}}\))/g;
/** Counts that are never 1, with why. */
const COUNT_ALLOWLIST = new Set([
  // The minimum age: 21 or more (docs/domain.md), and the API passes it as text.
  "booking:errors.underAge",
  "booking:errors.additionalUnderAge",
]);

export function unpluralCounts(entries: Array<[string, string]>): string[] {
  return entries
    .filter(([key, value]) => {
      if (PLURAL_SUFFIX.test(key) || COUNT_ALLOWLIST.has(key)) return false;
      return COUNT_PLACEHOLDER.test(value.replace(AGREEMENT_FREE, ""));
    })
    .map(([key]) => key);
}

// ---------------------------------------------------------------------------------------------
// Untranslated: a value equal to the English one is a forgotten translation, unless listed here.

/** Same in every language: brands, acronyms, product names, bare placeholders. */
const SAME_EVERYWHERE = new Set([
  "adminAudit:fields.logo",
  "adminDashboard:csv.totalUsd",
  "adminDashboard:pickup.depositTakenMethods.mobilePayment",
  "adminDashboard:pickup.depositTakenMethods.usdt",
  "adminSettings:mobileTitle",
  "adminSettings:zelleTitle",
  "adminSettings:fields.rif",
  "bookings:deposit.methods.mobilePayment",
  "bookings:deposit.methods.usdt",
  "bookings:paymentMethods.mobilePayment",
  "bookings:paymentMethods.walletPayment",
  "bookings:paymentMethods.binancePay",
  "bookings:paymentMethods.zelle",
  "bookings:options.gps",
  "catalogue:options.gps",
  "emails:booking.placeAt",
  "mobilePayment:merchant.rif",
  "mobilePayment:queue.transferLine",
  "mobilePayment:queue.igtf",
  "receipt:agreement.rif",
  // A unit after the number: "km" in every language.
  "receipt:agreement.km",
  "payment:methods.mobilePayment",
  "payment:methods.walletPayment",
  "payment:methods.binancePay",
  "binancePay:amountValue",
  "payment:methods.zelle",
  "transfer:account.rif",
  "transfer:parts.igtf",
  "wallet:networkName",
  // The app's name, in every language (docs/domain.md#whatsapp).
  "auth:whatsapp.title",
]);
/** Words English shares with one language. */
const SAME_AS_ENGLISH: Record<"es" | "fr" | "el", Set<string>> = {
  es: new Set([
    "admin:common.no",
    "adminAudit:values.no",
    "bookings:detail.subtotal",
    "bookings:detail.total",
    "catalogue:gearbox.manual",
    // Car categories (docs/domain.md#car-categories) as Venezuelan rental desks say them.
    "catalogue:category.mini",
    "catalogue:category.premium",
    "catalogue:category.van",
    "catalogue:category.pickup",
    "emails:booking.total",
    "price:checkout.wayTotal",
    "price:lines.subtotal",
    "price:lines.total",
  ]),
  fr: new Set([
    // The same word in French, as rental desks and review sites use it.
    "reviews:aspects.communication",
    "admin:common.actions",
    "adminAudit:columns.action",
    "adminAudit:fields.type",
    "adminAudit:fields.image",
    "adminCars:form.options",
    "adminOutbox:columns.actions",
    "adminPlaces:form.position",
    "adminPlaces:form.latitude",
    "adminPlaces:form.longitude",
    "adminSuppliers:list.logo",
    "adminSuppliers:form.logo",
    "adminUsers:fields.type",
    "adminUsers:view.statusTitle",
    "auth:settings.chooseImage",
    "booking:options.title",
    "bookings:columns.actions",
    "bookings:detail.total",
    "bookings:amend.options",
    "catalogue:pagination.label",
    "catalogue:pagination.page",
    "catalogue:fuel.diesel",
    "catalogue:card.options",
    "catalogue:car.options",
    "catalogue:car.conditions",
    "catalogue:category.mini",
    "catalogue:category.premium",
    "catalogue:category.suv",
    "common:labelled",
    "common:nav.menu",
    "common:nav.contact",
    "common:nav.notifications",
    "common:footer.contact",
    "common:contact.title",
    "common:contact.message",
    "emails:booking.options",
    "emails:booking.total",
    "mobilePayment:queue.actions",
    "notifications:page.title",
    "price:lines.total",
    "price:result.taxes",
    "wallet:unmatched.transaction",
    "api:docs.type",
    "api:docs.description",
    "bookings:whatsapp.message",
  ]),
  // "Email" is what Greek interfaces write.
  el: new Set([
    "receipt:taxes.iva",
    "receipt:taxes.igtf",
    "transfer:send.igtf",
    "adminAudit:fields.email",
    "adminSuppliers:staff.email",
    "adminSuppliers:staff.emailLabel",
    "adminUsers:fields.email",
    "auth:fields.email",
    "common:contact.email",
    "catalogue:category.suv",
    // Greek rental sites write air conditioning "A/C" too.
    "catalogue:card.airconShort",
  ]),
};

export function sameAsEnglish(language: "es" | "fr" | "el"): string[] {
  const english = byKey("en");
  return strings(language)
    .filter(([key, value]) => value === english.get(key))
    .filter(([key]) => !SAME_EVERYWHERE.has(key) && !SAME_AS_ENGLISH[language].has(key))
    .filter(([, value]) => /\p{L}/u.test(value.replace(/{{\s*\w+\s*}}/g, "")))
    .map(([key]) => key);
}

// ---------------------------------------------------------------------------------------------
// French typography (docs/style/fr.md#typography): a no-break space (narrow U+202F, or U+00A0)
// before ; : ! ? and inside « ».

const NO_BREAK = "\u202f\u00a0";

export function frenchTypographyFaults(text: string): string[] {
  const faults: string[] = [];
  for (const match of text.matchAll(/[;:!?]/g)) {
    const at = match.index;
    const before = text[at - 1] ?? "";
    const after = text[at + 1] ?? "";
    // Punctuation, not a clock ("10:00"), a URL ("https://") or a placeholder's text.
    const isPunctuation = after === "" || /\s/.test(after);
    if (!isPunctuation) continue;
    if (!NO_BREAK.includes(before)) faults.push(`${before}${match[0]}`);
  }
  for (const match of text.matchAll(/«(.)/g)) if (!NO_BREAK.includes(match[1])) faults.push(`«${match[1]}`);
  for (const match of text.matchAll(/(.)»/g)) if (!NO_BREAK.includes(match[1])) faults.push(`${match[1]}»`);
  return faults;
}

// ---------------------------------------------------------------------------------------------
// Long texts (legal pages, emails) are translated whole: a translation much shorter than the
// English lost a sentence (the Greek terms of service and security emails once did).

const LONG_NAMESPACES = ["pages", "emails"];
const LONG_TEXT = 60;
const MIN_RATIO: Record<"es" | "fr" | "el", number> = { es: 0.8, fr: 0.8, el: 0.85 };

export function cutShort(language: "es" | "fr" | "el"): string[] {
  const english = byKey("en");
  return strings(language)
    .filter(([key]) => LONG_NAMESPACES.includes(key.slice(0, key.indexOf(":"))))
    .filter(([key, value]) => {
      const source = english.get(key) ?? "";
      return source.length >= LONG_TEXT && value.length / source.length < MIN_RATIO[language];
    })
    .map(([key]) => key);
}

describe("style rules of the translations", () => {
  it("finds tú forms and leaves usted's alone", () => {
    expect(tuForms("Revisa tu correo")).toEqual(["tu", "Revisa"]);
    expect(tuForms("Si envías más tarde, vuelve a abrir")).toEqual(["envías"]);
    expect(tuForms("Pago rechazado: reembolsa o arregla")).toEqual(["reembolsa"]);
    expect(tuForms("Cuando el conductor paga después, la red envía el aviso.")).toEqual([]);
    expect(tuForms("Revise su correo; le enviamos un enlace. Usted paga en el mostrador.")).toEqual([]);
  });

  it("writes Spanish in usted only", () => {
    const found = strings("es")
      .map(([key, value]) => [key, tuForms(value)] as const)
      .filter(([, words]) => words.length > 0);
    expect(found).toEqual([]);
  });

  it("tells a count that needs a plural from one that does not", () => {
    expect(
      unpluralCounts([
        ["a:daily", "{{days}} days × {{price}}"],
        ["a:daily_one", "{{count}} day × {{price}}"],
        ["a:cars", "Cars offered: {{count}}"],
        ["a:filters", "Filters ({{count}})"],
        ["a:usage", "Cars that serve it: {{cars}}. Bookings there: {{bookings}}."],
        ["a:price", "{{price}} per rental"],
      ]),
    ).toEqual(["a:daily"]);
  });

  it.each(["es", "en", "fr", "el"] as const)("%s: every count goes through a plural", (language) => {
    expect(unpluralCounts(strings(language))).toEqual([]);
  });

  it.each(["es", "en", "fr", "el"] as const)("%s: every _one has its _other", (language) => {
    const keys = new Set(strings(language).map(([key]) => key));
    const orphans = [...keys].filter((k) => k.endsWith("_one") && !keys.has(k.replace(/_one$/, "_other")));
    expect(orphans).toEqual([]);
  });

  it.each(["es", "fr", "el"] as const)("%s: nothing is a copy of the English outside the allowlist", (language) => {
    expect(sameAsEnglish(language)).toEqual([]);
  });

  it("finds French punctuation without its no-break space", () => {
    expect(frenchTypographyFaults("Total : 3 ; « oui » ?")).toEqual([" :", " ;", " ?", "« ", " »"]);
    expect(frenchTypographyFaults("Total\u202f: 3\u202f; «\u202foui\u202f»\u00a0?")).toEqual([]);
    expect(frenchTypographyFaults("À 10:00, voir https://rueda.example")).toEqual([]);
    expect(frenchTypographyFaults("Prêt!")).toEqual(["t!"]);
  });

  it("puts a no-break space before ; : ! ? and inside « » in French", () => {
    // An HTTP header quoted as code ("Authorization: Bearer") keeps its colon as it is.
    const exempt = new Set(["api:errors.crossSite"]);
    const found = strings("fr")
      .filter(([key]) => !exempt.has(key))
      .map(([key, value]) => [key, frenchTypographyFaults(value)] as const)
      .filter(([, faults]) => faults.length > 0)
      .map(([key]) => key);
    expect(found).toEqual([]);
  });

  it.each(["es", "fr", "el"] as const)("%s: legal pages and emails are as whole as the English", (language) => {
    expect(cutShort(language)).toEqual([]);
  });
});
