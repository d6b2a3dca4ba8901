// One lint configuration for the whole workspace. `npm run lint` runs it with --max-warnings 0, so every rule here
// is an error the code passes today; a rule that only warns would be noise nobody reads. Import cycles are checked by
// dependency-cruiser (.dependency-cruiser.cjs), also in `npm run lint`: ESLint's import-x/no-cycle skips type-only
// imports by design, and every cycle this workspace had went through one.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/.turbo/**', 'data/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are the convention for a parameter a signature requires but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests read untyped JSON answers and reach into SDK internals; `any` there is a test's business. Production
    // code has none, and keeps the rule.
    files: ['**/*.test.ts', '{apps,packages}/*/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Type-aware rules that catch real bugs: a promise nobody awaits or catches, a promise where a condition or a
    // void callback expects something else, awaiting what is not a promise. The rest of recommendedTypeChecked is
    // mostly about `any` flowing through tests and costs more than it finds here. no-unnecessary-type-assertion is
    // left out on purpose: on the one whole-workspace program it called casts on tool names unnecessary that each
    // package's own typecheck needs (handlerFor), and its autofix (`npm run format`) then broke the build.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.lint.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // `Promise.all(items.map((item) => (cond ? item.stop() : undefined)))` is a fine way to await some of them.
      '@typescript-eslint/await-thenable': ['error', { allowMixedPromiseArrays: true }],
    },
  },
  prettier,
);
