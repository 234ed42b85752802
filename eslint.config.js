// One linter for the whole repo: type-aware TypeScript rules, React hooks on the web, and import
// boundaries (features stay independent; routes and services never touch the database directly).
import fs from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const featuresDir = "apps/web/src/features";
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/** A feature may import shared code and itself, never another feature nor the app layer. */
const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: ["@/features/*", `!@/features/${feature}`, `!@/features/${feature}/**`],
            message:
              "Features are independent: move shared code to components/ or lib/, or compose in app/.",
          },
          { group: ["@/app/*", "@/app"], message: "Features must not import the app layer." },
          {
            group: ["**/apps/server/**", "@rupa/server"],
            message: "The web never imports server code.",
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/dist-*/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "apps/server/src/db/migrations/**",
      "bench/**/results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked.map((c) => ({ ...c, files: ["**/*.{ts,tsx}"] })),
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      parserOptions: {
        project: ["./tsconfig.json", "./apps/*/tsconfig.json", "./packages/*/tsconfig.json"],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": [
        "error",
        { checksVoidReturn: { attributes: false } },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/only-throw-error": "off",
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
    rules: { "no-console": "off" },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ["apps/web/src/components/**/*.{ts,tsx}", "apps/web/src/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/features/*", "@/app/*", "@/app"],
              message: "Shared code must not import features or the app layer.",
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ["apps/server/src/**/*.routes.ts", "apps/server/src/**/*.service.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "drizzle-orm", message: "Only repositories touch Drizzle." },
            { name: "pg", message: "Only repositories and infra touch the database." },
          ],
          patterns: [
            {
              group: ["**/db/schema", "drizzle-orm/*"],
              message: "Only repositories touch the schema.",
            },
            {
              group: ["**/apps/web/**", "@rupa/web"],
              message: "The server never imports web code.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/server/**/*.ts", "scripts/**", "bench/**"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["apps/server/src/**/*.ts"],
    ignores: ["apps/server/src/env.ts", "apps/server/src/**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration from env.ts only." },
      ],
    },
  },
);
