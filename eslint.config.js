import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-firefox/', 'node_modules/', 'tests/.out/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { parserOptions: { ecmaVersion: 2023, sourceType: 'module' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
        window: 'readonly',
        document: 'readonly',
        globalThis: 'readonly',
      },
    },
  },
  // The layers (DEVELOPERS.md, docs/architecture.md): each context imports only itself and the shared folder.
  // Tests may reach across (an integration test of the parser against the real tree builder).
  ...layer(
    'shared',
    ['background', 'content-scripts', 'sidepanel', 'offscreen'],
    'shared code imports nothing context-specific',
  ),
  ...layer('content-scripts', ['background', 'sidepanel', 'offscreen'], 'page code never imports worker or panel code'),
  ...layer('background', ['content-scripts', 'sidepanel', 'offscreen'], 'the worker never imports page or panel code'),
  ...layer(
    'sidepanel',
    ['background', 'content-scripts', 'offscreen'],
    'the panel talks to the worker by messages only',
  ),
  // The offscreen document runs the worker's own PDF reader (pdf.js) where the worker cannot keep it loaded.
  ...layer('offscreen', ['content-scripts', 'sidepanel'], 'the offscreen document runs worker code only'),
);

/** A flat-config block forbidding imports from the named top-level folders in `dir`'s product code. */
function layer(dir, forbidden, why) {
  return [
    {
      files: [`${dir}/**/*.ts`, `${dir}/**/*.tsx`],
      ignores: ['**/*.test.ts', '**/*.test.tsx'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^(\\.\\./)+(${forbidden.join('|')})/`,
                message: `${why} (import-boundary rule in eslint.config.js; shared code goes in shared/).`,
              },
            ],
          },
        ],
      },
    },
  ];
}
