import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "~/locales/resources";
import { createTranslator } from "./translate";

const values = {
  field: "Email",
  fields: "Email, Subject",
  year: 2026,
  name: "Ana",
  email: "a@b.co",
  subject: "Hi",
  link: "https://x",
  count: 1,
};

function leaves(tree: unknown, prefix = ""): string[] {
  if (typeof tree === "string") return [prefix];
  if (!tree || typeof tree !== "object" || Array.isArray(tree)) return [];
  return Object.entries(tree).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe("createTranslator", () => {
  it("matches i18next on every string of every language and namespace", async () => {
    const i18n = createInstance();
    await i18n.init({
      resources,
      fallbackLng: { el: ["en"], default: ["es"] },
      defaultNS: "common",
      interpolation: { escapeValue: false },
    });
    for (const language of ["es", "en", "fr", "el"] as const) {
      const chain = language === "el" ? ["el", "en"] : [language];
      const ours = createTranslator(resources, chain);
      const theirs = i18n.getFixedT(language);
      for (const [ns, tree] of Object.entries(resources.en)) {
        for (const key of leaves(tree)) {
          const plain = key.replace(/_(one|other|zero|few|many)$/, "");
          expect(ours(`${ns}:${plain}`, values), `${language} ${ns}:${plain}`).toBe(theirs(`${ns}:${plain}`, values));
        }
      }
    }
  });

  it("interpolates, pluralises and falls back along the chain", () => {
    const t = createTranslator(
      {
        el: { common: { hi: "Γεια {{name}}" } },
        en: { common: { hi: "Hi {{name}}", cars_one: "{{count}} car", cars_other: "{{count}} cars", only: "English" } },
      },
      ["el", "en"],
    );
    expect(t("hi", { name: "Ana" })).toBe("Γεια Ana");
    expect(t("cars", { count: 1 })).toBe("1 car");
    expect(t("cars", { count: 3 })).toBe("3 cars");
    expect(t("only")).toBe("English");
    expect(t("missing.key")).toBe("missing.key");
  });

  it("keeps a placeholder it has no value for, as written, and gives the same answer when asked again", () => {
    const t = createTranslator({ en: { common: { trip: "{{ from }} → {{to}}, {{from}} again" } } }, ["en"]);
    for (let i = 0; i < 2; i++) {
      expect(t("trip", { from: "CCS" })).toBe("CCS → {{to}}, CCS again");
      expect(t("trip", { from: "MAR", to: 0 })).toBe("MAR → 0, MAR again");
      expect(t("trip")).toBe("{{ from }} → {{to}}, {{from}} again");
    }
  });

  it("returns objects only when asked", () => {
    const t = createTranslator({ en: { pages: { list: [{ heading: "A" }] } } }, ["en"]);
    expect(t("pages:list", { returnObjects: true })).toEqual([{ heading: "A" }]);
    expect(t("list", { ns: "pages" })).toBe("list");
  });
});
