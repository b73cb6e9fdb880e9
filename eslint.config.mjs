// Flat config: typescript-eslint's recommended rules, plus the architecture rule that keeps
// the core (HTTP, rate limits, API, schemas, query, sample service, CLI) free of `vscode`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// `import { z } from 'zod'` pulls all of zod (its locales too) into a bundle; the namespace import tree-shakes.
const zodNamedZ = {
  selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
  message: "Use `import * as z from 'zod'`: the named `z` defeats tree-shaking (about 350 KB more in dist/extension.js).",
};

// Commands and context keys go through src/ui/base/commands.ts: one error handling, ids from commandIds.ts.
// A list spread into push/Math.max-like arguments throws past about 125,000 items (review M6): use append/maxOf from
// src/core/text/lists.ts. Allowed: an array literal written out in the code (`push(...['a', 'b'])`, fixed size), and
// forwarding a function's own arguments (`run(...args)`), which no list of data reaches.
const noSpreadArguments = {
  selector:
    "CallExpression[callee.property.name=/^(push|unshift|splice|max|min|fromCharCode|fromCodePoint|apply)$/] > SpreadElement:not([argument.type='ArrayExpression'])",
  message: 'Do not spread a list into call arguments (it throws past about 125,000 items): use append() or maxOf() from src/core/text/lists.ts, or a loop.',
};

const commandsOneWay = [
  {
    selector: "MemberExpression[object.property.name='commands'][property.name='registerCommand']",
    message: 'Use registerCommand from src/ui/base/commands.ts: it gives every command the same error handling.',
  },
  {
    selector: "CallExpression[callee.property.name='executeCommand'][arguments.0.value='setContext']",
    message: 'Use setContext from src/ui/base/commands.ts, with a key from src/ui/base/commandIds.ts.',
  },
];

// Settings are read in one room (issue 33): each read validates its value once, and a reader of the code finds every setting there.
const settingsThroughConfig = {
  selector: "CallExpression[callee.property.name='getConfiguration']",
  message: 'Read settings through a function in src/ui/config/settings.ts: one place validates each value.',
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.vscode-test/**', 'media/**/*.min.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'off',
      'no-restricted-syntax': ['error', zodNamedZ],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', zodNamedZ, noSpreadArguments] },
  },
  {
    files: ['src/ui/**/*.ts'],
    ignores: ['src/ui/base/commands.ts', 'src/ui/config/**'],
    rules: { 'no-restricted-syntax': ['error', zodNamedZ, noSpreadArguments, ...commandsOneWay, settingsThroughConfig] },
  },
  {
    files: ['src/ui/config/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', zodNamedZ, noSpreadArguments, ...commandsOneWay] },
  },
  {
    // A function past 80 lines does more than one step: split it (house rule, issue 22).
    files: ['src/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src/core/**/*.ts', 'src/cli.ts', 'test/unit/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'vscode', message: 'Core code must not import vscode: it runs on plain Node and in the CLI.' }] },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
