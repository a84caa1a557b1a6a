// The lint of `npm test` (docs/architecture.md#layers, CONTRIBUTING.md): correctness rules that
// types alone miss (floating promises, hooks) and the import rules that make the layers table
// and the domain order true by construction. Formatting is Prettier's job, not ESLint's.
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The order of the folders of app/modules, lowest first (docs/architecture.md#layers). A folder
 * may import its own files and folders of a LOWER tier only: never a folder of its own tier or
 * above, so no import cycle can form between folders.
 */
const domainTiers = [
  // The calendar and the zones: every other rule dates things with them.
  ["time"],
  ["i18n", "forms", "pricing", "list", "slug", "security", "images", "access"],
  ["audit", "email"],
  ["availability", "notification", "whatsapp"],
  ["catalogue", "user", "contact"],
  // The request's glue (load context, body caps): it reads the session user and saves a language choice.
  ["http"],
  ["booking"],
  ["payment"],
  // Reviews from verified renters: they read the booking and its return, and the pages above show them.
  ["review"],
  // The staff's records: the back office proper, the cars, the places and the suppliers.
  ["backoffice", "fleet", "places", "suppliers"],
  // The counter (pick-up, return, close, agreement, the booking page's data): it moves bookings,
  // takes payments and hands over the fleet's cars, so it sits above all of them.
  ["counter"],
  ["api", "setup"],
];

const domainZones = domainTiers.flatMap((tier, level) =>
  tier.map((folder) => ({
    target: `./app/modules/${folder}`,
    from: domainTiers
      .slice(level)
      .flat()
      .filter((other) => other !== folder)
      .map((other) => `./app/modules/${other}`),
    message: `Domain order (docs/architecture.md#layers): modules/${folder} may import only the folders listed before its tier.`,
  })),
);

/** The layers table: who may not import whom. */
const layerZones = [
  {
    target: "./app/modules",
    from: ["./app/routes", "./app/components", "./app/root.tsx"],
    message: "Layers (docs/architecture.md#layers): modules never import routes or components.",
  },
  {
    target: "./app/components",
    from: ["./app/routes"],
    message: "Layers (docs/architecture.md#layers): components never import routes.",
  },
  {
    // Resolved paths, so every spelling of the import is caught; drizzle itself is refused below.
    target: "./app/routes",
    from: ["./db", "./app/utils/db.server.ts"],
    message:
      "Layers (docs/architecture.md#layers): routes never touch the database; its module's use case queries it (a `…Page` or `…Detail` function).",
  },
  {
    target: "./app/utils",
    from: ["./app/modules", "./app/routes", "./app/components"],
    message:
      "Layers (docs/architecture.md#layers): utils import no module, route or component (only the language list).",
    except: ["./i18n/languages.ts"],
  },
  {
    target: ["./jobs", "./db"],
    from: ["./app"],
    message:
      "Layers (docs/architecture.md#layers): jobs/ and db/ import nothing of app/; domain handlers are provided by the owning modules through the process entries.",
  },
  {
    target: "./log",
    from: ["./app", "./db", "./jobs"],
    message: "Layers (docs/architecture.md#layers): the logger and the error log import only config.",
  },
  {
    target: "./config",
    from: ["./app", "./db", "./jobs", "./log"],
    message: "Layers (docs/architecture.md#layers): config imports nothing of the project.",
  },
];

/** Actions read forms with parseForm, whose answer echoes only the fields the form knows. */
const parseFormOnly = {
  name: "@conform-to/zod/v4",
  importNames: ["parseWithZod"],
  message:
    "Read a posted form with parseForm (~/modules/forms/parse-form): conform's reply echoes every posted field, known or not (docs/security.md#request-bodies).",
};

export default tseslint.config(
  {
    // tests/lint-probes break the rules on purpose: tests/lint-rules.test.ts lints them to prove the rules bite.
    ignores: [
      "build/**",
      "public/**",
      ".data/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "tests/lint-probes/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        // Type-aware rules (no-floating-promises) use the project service: one program for the repo.
        projectService: { allowDefaultProject: ["eslint.config.js", "scripts/build-node.mjs"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      // Without these, import-x reads an imported .ts file with no parser and sees no imports in
      // it: no-cycle then follows nothing and passes every cycle (the probe in tests/lint-rules.test.ts).
      "import-x/extensions": [".ts", ".tsx", ".js", ".jsx", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      // A promise nobody awaits loses its error and its ordering: await it, or mark it `void`.
      "@typescript-eslint/no-floating-promises": "error",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...domainZones] }],
      // Type-only imports are erased and may cross the line (a component naming a loader's type).
      "import-x/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
      // Code touching the database or secrets is `*.server.ts`: the browser bundle takes only its types.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Control characters in patterns are what the input sanitisers look for (forms/text.ts, access/redirect.ts).
      "no-control-regex": "off",
    },
  },
  {
    files: ["app/components/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/*.server", "**/*.server.ts", "**/*.server.tsx"],
              message:
                "Components import `.server` modules only as types (docs/architecture.md#layers): the browser bundle must not hold them.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/routes/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "~/modules/security/rate-limit.server",
              message:
                "Limits are consumed inside the domain call (a `…Limited` function), so page and API share them (docs/security.md#rate-limits); a route maps `rateLimited` to its 429.",
              allowTypeImports: true,
            },
            parseFormOnly,
            {
              name: "drizzle-orm",
              message:
                "Routes never query the database (docs/architecture.md#layers): the query belongs in the route's module.",
            },
          ],
          patterns: [
            {
              group: ["drizzle-orm/*"],
              message:
                "Routes never query the database (docs/architecture.md#layers): the query belongs in the route's module.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/modules/**/*.server.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: [parseFormOnly] }] },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Playwright fixtures are functions named `use` taking `{}`: not React hooks, not mistakes.
    files: ["tests/e2e/**"],
    rules: {
      "react-hooks/rules-of-hooks": "off",
      "no-empty-pattern": "off",
    },
  },
);
