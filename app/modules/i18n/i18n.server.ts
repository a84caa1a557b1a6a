import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { resources } from "~/locales/resources";
import { defaultLanguage, languages, type Language } from "./languages";

export const i18nOptions = {
  supportedLngs: [...languages],
  fallbackLng: { el: ["en"], default: [defaultLanguage] },
  defaultNS: "common",
  interpolation: { escapeValue: false },
} as const;

/*
 * One shared instance with every language loaded at start-up; per request we only
 * take a fixed `t` or a cheap clone, so rendering pays no initialisation cost.
 */
let shared: I18n | undefined;
function sharedInstance(): I18n {
  if (!shared) {
    shared = createInstance();
    void shared.init({ ...i18nOptions, resources, lng: defaultLanguage, initImmediate: false });
  }
  return shared;
}

export function getFixedT(language: Language, ns: string | string[] = "common"): TFunction {
  return sharedInstance().getFixedT(language, ns);
}

/** An instance bound to one request's language, for the React tree rendered on the server. */
export function instanceFor(language: Language): I18n {
  return sharedInstance().cloneInstance({ lng: language, initImmediate: false });
}

/**
 * The resources a browser needs to hydrate in `language`. es, en and fr are complete
 * (a unit test holds them to the same keys); Greek is partial and falls back to English.
 */
export function resourcesFor(language: Language) {
  const chain = language === "el" ? ["el", "en"] : [language];
  return Object.fromEntries(chain.map((l) => [l, resources[l as Language]]));
}

/** remix-i18next, for code outside a request (emails, jobs) that gets `t` by language name. */
export const remixI18n = new RemixI18Next({
  detection: { supportedLanguages: [...languages], fallbackLanguage: defaultLanguage },
  i18next: { ...i18nOptions, resources },
});
