import { createHash } from "node:crypto";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { resources } from "~/locales/resources";
import { defaultLanguage, languages, type Language } from "./languages";

export const i18nOptions = {
  supportedLngs: [...languages],
  fallbackLng: { el: ["en"], default: [defaultLanguage] },
  defaultNS: "common",
  interpolation: { escapeValue: false },
} as const;

/*
 * One shared i18next instance with every language loaded at start-up; a request only
 * takes a fixed `t` from it, so it pays no initialisation cost.
 */
let shared: I18n | undefined;
function sharedInstance(): I18n {
  if (!shared) {
    shared = createInstance();
    void shared.init({ ...i18nOptions, resources, lng: defaultLanguage, initImmediate: false });
  }
  return shared;
}

/** `t` for loaders and actions (titles, messages computed on the server). */
export function getFixedT(language: Language, ns: string | string[] = "common"): TFunction {
  return sharedInstance().getFixedT(language, ns);
}

/** The resources the server renders `language` with: every language is complete (locales.test.ts), so no fallback. */
const resourcesByLanguage = new Map<Language, Record<string, (typeof resources)[Language]>>();
export function resourcesFor(language: Language) {
  let found = resourcesByLanguage.get(language);
  if (!found) resourcesByLanguage.set(language, (found = { [language]: resources[language] }));
  return found;
}

/** Namespaces only the server uses (the emails): the browser never downloads them. */
export const serverOnlyNamespaces: ReadonlySet<string> = new Set(["emails"]);

export type TranslationsFile = { href: string; hash: string; body: string };
const files = new Map<Language, TranslationsFile>();

/**
 * The browser's translations for `language` as one JSON file, serialised once per process.
 * Its URL carries a hash of its content, so browsers cache it for good and every page's HTML
 * stays free of it (docs/architecture.md#translations).
 */
export function translationsFile(language: Language): TranslationsFile {
  let file = files.get(language);
  if (!file) {
    const browser = Object.fromEntries(
      Object.entries(resources[language]).filter(([ns]) => !serverOnlyNamespaces.has(ns)),
    );
    const body = JSON.stringify({ [language]: browser });
    const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
    files.set(language, (file = { href: `/i18n/${language}.${hash}.json`, hash, body }));
  }
  return file;
}
