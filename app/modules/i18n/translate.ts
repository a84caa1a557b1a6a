/**
 * A small translator for React components, used on the server and in the browser.
 * It implements the part of i18next the UI uses — namespaces ("ns:key" or `ns`),
 * nested keys, {{interpolation}}, `count` plurals (key_one / key_other) and
 * `returnObjects` — at a fraction of i18next's weight in the browser bundle.
 * A unit test checks it against i18next on every string of every language.
 */
export type Resources = Record<string, Record<string, unknown>>;
export type TranslateOptions = { ns?: string; count?: number; returnObjects?: boolean; [value: string]: unknown };
export type Translate = (key: string, options?: TranslateOptions) => string;

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, values: TranslateOptions | undefined): string {
  if (!values) return text;
  return text.replace(/{{\s*([\w.]+)\s*}}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/** `chain` is the language and its fallbacks, e.g. ["el", "en"]; `resources` maps each to its namespaces. */
export function createTranslator(
  resources: Record<string, Resources[string]>,
  chain: string[],
  defaultNs = "common",
): Translate {
  const plurals = new Map<string, Intl.PluralRules>();
  const pluralOf = (language: string, count: number) => {
    let rules = plurals.get(language);
    if (!rules) plurals.set(language, (rules = new Intl.PluralRules(language)));
    return rules.select(count);
  };
  return (fullKey, options) => {
    const split = fullKey.indexOf(":");
    const ns = split > 0 ? fullKey.slice(0, split) : (options?.ns ?? defaultNs);
    const key = split > 0 ? fullKey.slice(split + 1) : fullKey;
    for (const language of chain) {
      const namespace = (resources[language] as Record<string, unknown> | undefined)?.[ns];
      const candidates =
        typeof options?.count === "number" ? [`${key}_${pluralOf(language, options.count)}`, key] : [key];
      for (const candidate of candidates) {
        const found = lookup(namespace, candidate);
        if (typeof found === "string") return interpolate(found, options);
        if (found !== undefined && options?.returnObjects) return found as string;
      }
    }
    return key;
  };
}
