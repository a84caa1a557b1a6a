import { createContext, useContext, useMemo, type ReactNode } from "react";
import { createTranslator, type Resources, type Translate } from "./translate";

type I18nState = { language: string; resources: Resources };

const I18nContext = createContext<I18nState>({ language: "es", resources: {} });

/** Provided by entry.server and entry.client with the page's language and its translations. */
export function TranslationProvider({ language, resources, children }: I18nState & { children: ReactNode }) {
  const value = useMemo(() => ({ language, resources }), [language, resources]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The components' `useTranslation`, shaped like react-i18next's: `const { t } = useTranslation("pages")`. */
export function useTranslation(ns = "common"): { t: Translate; i18n: { language: string } } {
  const { language, resources } = useContext(I18nContext);
  return { t: translatorFor(resources, ns), i18n: { language } };
}

/* Resources never change while a page lives (or, on the server, while the process runs), so
   one translator per resources object and namespace serves every component and request. */
const translators = new WeakMap<Resources, Map<string, Translate>>();
function translatorFor(resources: Resources, ns: string): Translate {
  let byNamespace = translators.get(resources);
  if (!byNamespace) translators.set(resources, (byNamespace = new Map()));
  let t = byNamespace.get(ns);
  if (!t) byNamespace.set(ns, (t = createTranslator(resources, Object.keys(resources), ns)));
  return t;
}
