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

/**
 * A string cut at its placeholders, once per string: [text, "{{ name }}", "name", text, …]. A
 * search page translates about 600 strings, most of them the same few dozen.
 */
const pieces = new Map<string, string[]>();

function interpolate(text: string, values: TranslateOptions | undefined): string {
  if (!values) return text;
  let cut = pieces.get(text);
  if (!cut) pieces.set(text, (cut = text.split(/({{\s*([\w.]+)\s*}})/)));
  let out = cut[0];
  for (let i = 1; i < cut.length; i += 3) {
    const value = values[cut[i + 1]];
    out += (value === undefined || value === null ? cut[i] : String(value)) + cut[i + 2];
  }
  return out;
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
  // Resources never change, so what a key finds is kept: the dotted path is walked once. A key
  // built from data could be anything, so the memory is emptied past a few thousand keys.
  const found = new Map<string, unknown>();
  const find = (language: string, ns: string, namespace: unknown, candidate: string) => {
    const id = `${language}\u0000${ns}\u0000${candidate}`;
    if (found.has(id)) return found.get(id);
    const value = lookup(namespace, candidate);
    if (found.size >= 20_000) found.clear();
    found.set(id, value);
    return value;
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
        const value = find(language, ns, namespace, candidate);
        if (typeof value === "string") return interpolate(value, options);
        if (value !== undefined && options?.returnObjects) return value as string;
      }
    }
    return key;
  };
}
