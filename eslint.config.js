import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Features meet in web/src/app (web) or through services (server): no reaching into another feature. */
const featureBoundaries = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: ['**/features/*/*', '!./*', '!../*'],
          message: 'Import another feature only through its index (features/<name>), never its internals.',
        },
        {
          group: ['**/modules/*/*.repository*'],
          message: "A module's repository is its own; call the module's service instead.",
        },
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/screenshots/**', '.test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...featureBoundaries },
  },
  { files: ['server/src/**/*.ts'], rules: featureBoundaries },
  { files: ['scripts/**', 'e2e/**', 'bench/**', 'simulator/**', '.ci/**'], rules: { 'no-console': 'off' } },
);
