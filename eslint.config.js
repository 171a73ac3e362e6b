import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import tseslint from "typescript-eslint";

const NOT_ABOVE_LIB = {
  group: ["@/components", "@/components/*", "@/app", "@/app/*", "**/../components/*", "**/../app/*"],
  message: "lib/ imports nothing from components/ or app/: move what both need into lib/.",
};

const ONLY_THE_ADAPTER_IMPORTS_API = {
  group: ["**/api", "**/api/*", "@/lib/api", "@/lib/api/*"],
  message: "lib/api is the HTTP adapter; domain code uses lib/core.",
};

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      ".next-*/",
      "lib/generated/",
      ".data/",
      "test-results/",
      "playwright-report/",
      "next-env.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Components, and the hooks they share in .ts files.
    files: ["**/*.tsx", "components/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Plain JavaScript config files run in Node.
    files: ["*.config.js", "scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
  {
    // No import cycle between files anywhere (docs/architecture.md, "Layers and registration"):
    // composition happens in lib/composition, never by a lower module importing a higher one.
    // Type-only imports are not followed (they vanish at run time). Modules of node_modules are
    // neither checked nor followed, which keeps the whole lint under a minute of CPU.
    files: ["**/*.ts", "**/*.tsx"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Tests and the demo purchase client read loosely-typed JSON bodies.
    files: ["**/*.test.ts", "test/**/*.ts", "scripts/demo-purchase.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Route files stay thin: the database is reached through lib/ services only.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["app/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/generated/prisma/**", "@prisma/*"],
              message: "Route files go through lib/ services.",
            },
            {
              group: ["**/db/client"],
              importNames: ["getDb"],
              message: "The route() wrapper provides the database.",
            },
          ],
        },
      ],
    },
  },
  {
    // lib/ is the server's code: it imports nothing from the browser's (components/) or the routes
    // (app/); what both need lives in lib/ (docs/architecture.md). Tests may call route handlers.
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: ["lib/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [NOT_ABOVE_LIB] }] },
  },
  {
    // Domain code never depends on the HTTP layer: services take a Principal and throw ApiError
    // (lib/core), and only the adapter's callers (routes, the HTTP server) import lib/api.
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: ["lib/api/**", "lib/http/**", "lib/server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ONLY_THE_ADAPTER_IMPORTS_API,
            // Repeated: this block's rule replaces the one above for these files.
            NOT_ABOVE_LIB,
          ],
        },
      ],
    },
  },
  {
    // ...except that tests may call route handlers and read components' rules.
    files: ["lib/**/*.test.ts"],
    ignores: ["lib/api/**", "lib/http/**", "lib/server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [ONLY_THE_ADAPTER_IMPORTS_API],
        },
      ],
    },
  },
);
