import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Plain JavaScript config files run in Node.
    files: ["*.config.js", "scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
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
    // Domain code never depends on the HTTP layer: services take a Principal and throw ApiError
    // (lib/core), and only the adapter's callers (routes, the HTTP server) import lib/api.
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: ["lib/api/**", "lib/http/**", "lib/server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/api", "**/api/*", "@/lib/api", "@/lib/api/*"],
              message: "lib/api is the HTTP adapter; domain code uses lib/core.",
            },
          ],
        },
      ],
    },
  },
);
