// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "out/**", ".radar/**", "examples/**", ".vscode-test/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        { selector: "ExportDefaultDeclaration", message: "Use named exports." },
      ],
    },
  },
  {
    files: ["src/core/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "vscode", message: "src/core must stay editor-free." }] }],
    },
  },
  {
    // src/extension: every file is a pure model (testable in Node, no editor) unless it is one of
    // these, which talk to VS Code. A new file that needs `vscode` must be added here on purpose.
    files: ["src/extension/**/*.ts"],
    ignores: [
      "src/extension/extension.ts",
      "src/extension/chat/chatParticipant.ts",
      "src/extension/host/openSource.ts",
      "src/extension/host/radarLog.ts",
      "src/extension/model/apiKeyStore.ts",
      "src/extension/model/lmChatModel.ts",
      "src/extension/model/modelResolver.ts",
      "src/extension/problems/problemsPanel.ts",
      "src/extension/report/reportPanel.ts",
      "src/extension/run/runController.ts",
      "src/extension/run/auditCommands.ts",
      "src/extension/sources/sourcesTree.ts",
      "src/extension/tools/lmTools.ts",
      "src/extension/tools/mcpRegistration.ts",
      "src/extension/tools/toolRuntime.ts",
      "src/extension/trace/traceTree.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "vscode",
              message:
                "This src/extension file is a pure model; only the files listed in eslint.config.mjs talk to VS Code.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
