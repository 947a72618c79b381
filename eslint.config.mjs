// Lint with zero warnings (npm test runs `eslint . --max-warnings 0`).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/generated/**", "**/dist/**", "apps/web/build/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", Buffer: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setInterval: "readonly", clearInterval: "readonly", URL: "readonly", AbortController: "readonly", AbortSignal: "readonly", performance: "readonly", __dirname: "readonly", require: "readonly", module: "writable", structuredClone: "readonly", setImmediate: "readonly", TextEncoder: "readonly", TextDecoder: "readonly", fetch: "readonly" } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through the package's config schema." }],
    },
  },
  {
    files: ["**/config.ts", "**/config/*.ts", "test/support/**", "scripts/**", "bench/**", "prisma.config.ts", "**/test/**"],
    rules: { "no-restricted-properties": "off" },
  },
);
