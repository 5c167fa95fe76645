import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import repository from './scripts/eslint-comment-references.mjs';

/**
 * One-way imports (README.md, "Layout"): shared <- server, shared <- web; web and server never import
 * each other, shared imports neither. In the server, features sit on top of http/db/lists/audit and never
 * import another feature's route file.
 */
const SERVER_PATTERNS = [{ group: ['**/web/**', '@/*'], message: "Le serveur n'importe rien de web/." }];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { repository },
    rules: {
      'repository/comment-references': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**', '@/*', 'react', 'fastify'] }],
    },
  },
  {
    files: ['server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: SERVER_PATTERNS }] },
  },
  {
    // A feature never imports another feature's route or plugin file: what two features
    // need moves down into server/http, server/db, server/lists or the feature's non-route file.
    files: ['server/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SERVER_PATTERNS,
            {
              group: [
                '../*/**/*.route',
                '../*/**/*.routes',
                '../*/**/*.plugin',
                '**/modules/*/**/*.route{,s}',
                '**/modules/*/**/*.plugin',
              ],
              message:
                "Un module n'importe pas le fichier de routes d'un autre module : déplacez ce qui est partagé dans server/http, server/db, server/lists ou un fichier non-route du module.",
            },
          ],
        },
      ],
    },
  },
  {
    // The layers under the features never reach up into them.
    files: ['server/http/**', 'server/db/**', 'server/lists/**', 'server/audit/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SERVER_PATTERNS,
            { group: ['**/modules/**'], message: 'server/http, db, lists et audit ne dépendent pas des modules.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['**/server/**', 'fastify', 'pg', 'drizzle-orm*'] }],
    },
  },
);
