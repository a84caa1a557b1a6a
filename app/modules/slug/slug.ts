/**
 * A URL-safe identifier made from a name (docs/domain.md#places): lower-case ASCII letters and
 * digits joined by single hyphens; accents are dropped ("Maiquetía" → "maiquetia"), and scripts
 * without a Latin reading (Greek) leave nothing, so callers pass a Latin-script name first.
 */
export function slugify(name: string, maxLength: number): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");
}

/**
 * The first of `base`, `base-2`, `base-3`… that no row holds yet, within `maxLength` (the base
 * is shortened to leave room for the suffix). `taken` is what the table holds starting with the base.
 */
export function freeSlug(base: string, taken: Iterable<string>, maxLength: number): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, maxLength - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** The slug base for a record named in several languages: the first name that gives one, else `fallback`. */
export function slugBase(names: string[], fallback: string, maxLength: number): string {
  for (const name of names) {
    const slug = slugify(name, maxLength);
    if (slug) return slug;
  }
  return fallback;
}
