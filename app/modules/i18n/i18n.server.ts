import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { resources } from "~/locales/resources";
import { serializeForScript } from "./embedded";
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

/**
 * The resources a browser needs to render `language`. es, en and fr are complete
 * (a unit test holds them to the same keys); Greek is partial and falls back to English.
 */
const resourcesByLanguage = new Map<Language, Record<string, (typeof resources)[Language]>>();
export function resourcesFor(language: Language) {
  let found = resourcesByLanguage.get(language);
  if (!found) {
    const chain = language === "el" ? ["el", "en"] : [language];
    resourcesByLanguage.set(language, (found = Object.fromEntries(chain.map((l) => [l, resources[l as Language]]))));
  }
  return found;
}

const payloads = new Map<Language, string>();

/** The page's translations as inert JSON for hydration; serialised once per language per process. */
export function embeddedPayload(language: Language): string {
  let payload = payloads.get(language);
  if (!payload) payloads.set(language, (payload = serializeForScript({ language, resources: resourcesFor(language) })));
  return payload;
}
