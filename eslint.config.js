// One lint setup for the whole tree (flat config, ESLint 10).
//
// - @eslint/js recommended + typescript-eslint recommended everywhere (syntax-only, no type
//   information: fast enough for 2 cores; `tsc` in `npm run typecheck` covers the types).
// - react-hooks recommended for the web app.
// - The web app's one-way import rule (bulletproof-react): lib -> features -> app.
//     apps/web/src/features/X/**  must not import  features/Y (Y != X)  nor  app/
//     apps/web/src/{lib,components,config,hooks,types,utils}/**  must not import  features/  nor  app/
//   Implemented as a small local rule, `studio/one-way-imports`, in the spirit of
//   import/no-restricted-paths: every import specifier (static, re-export, dynamic import(), type-only)
//   is resolved to a path — relative specifiers against the importing file, alias specifiers
//   (`@/…`, `~/…`, and any `paths` in apps/web/tsconfig.json) against apps/web/src — and the
//   resolved path is compared with the importer's zone. Resolving instead of matching strings means
//   `../b/x` is judged by where it really points, whatever the importing file's depth, and the rule
//   covers feature folders that do not exist yet (the feature list is read from disk only for messages).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const webSrc = path.join(root, 'apps', 'web', 'src');

/** Top-level folders of apps/web/src that hold shared code with no feature knowledge. */
const SHARED_FOLDERS = ['lib', 'components', 'config', 'hooks', 'types', 'utils'];

/** Feature folders present on disk right now (used in messages; the rule itself is generic). */
function listFeatures() {
  try {
    return fs
      .readdirSync(path.join(webSrc, 'features'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

/**
 * Import aliases that point into apps/web/src: `@/` and `~/` by convention, plus every
 * `compilerOptions.paths` entry of apps/web/tsconfig.json of the form "prefix/*": ["dir/*"].
 * Returns [prefix, absoluteDir] pairs, longest prefix first.
 */
function readAliases() {
  const aliases = new Map([
    ['@/', webSrc],
    ['~/', webSrc],
  ]);
  const tsconfigPath = path.join(root, 'apps', 'web', 'tsconfig.json');
  try {
    // tsconfig allows comments and trailing commas; strip them for JSON.parse.
    const text = fs
      .readFileSync(tsconfigPath, 'utf8')
      .replace(/\/\*[\s\S]*?\*\/|(^|[^:"'\\])\/\/.*$/gm, '$1')
      .replace(/,(\s*[}\]])/g, '$1');
    const options = JSON.parse(text).compilerOptions ?? {};
    const baseDir = path.resolve(path.dirname(tsconfigPath), options.baseUrl ?? '.');
    for (const [key, targets] of Object.entries(options.paths ?? {})) {
      const target = Array.isArray(targets) ? targets[0] : undefined;
      if (!key.endsWith('/*') || typeof target !== 'string' || !target.endsWith('/*')) continue;
      aliases.set(key.slice(0, -1), path.resolve(baseDir, target.slice(0, -2)));
    }
  } catch {
    // no tsconfig or unreadable: conventional aliases only
  }
  return [...aliases].sort((a, b) => b[0].length - a[0].length);
}

/** Where a path sits in apps/web/src: { zone: 'feature', feature } | { zone: 'app' } | { zone: 'shared', folder } | null. */
function classify(absPath) {
  const rel = path.relative(webSrc, absPath);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top, second] = rel.split(path.sep);
  if (top === 'features') return { zone: 'feature', feature: second && !/\.[cm]?[jt]sx?$/.test(second) ? second : undefined };
  if (top === 'app') return { zone: 'app' };
  if (top && SHARED_FOLDERS.includes(top)) return { zone: 'shared', folder: top };
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const oneWayImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Web app imports flow one way: shared (lib, components, config…) -> features -> app.' },
    schema: [],
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import from feature '{{to}}' ('{{source}}'). Move what both need down to components/ or lib/, or compose them in app/. (Features: {{features}})",
      featureToApp: "Feature '{{from}}' must not import from app/ ('{{source}}'). app/ composes features, not the other way round.",
      sharedToUpper:
        "{{folder}}/ is shared code and must not import from {{target}}/ ('{{source}}'). Pass what it needs in as props or arguments.",
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    const from = classify(path.resolve(filename));
    if (!from || from.zone === 'app') return {};
    const aliases = readAliases();

    /** Resolve a specifier to an absolute path inside the repo, or null for packages. */
    function resolveSpecifier(spec) {
      if (spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..') {
        return path.resolve(path.dirname(path.resolve(filename)), spec);
      }
      for (const [prefix, dir] of aliases) {
        if (spec.startsWith(prefix)) return path.join(dir, spec.slice(prefix.length));
      }
      return null;
    }

    function check(sourceNode) {
      if (!sourceNode) return;
      let spec;
      if (sourceNode.type === 'Literal' && typeof sourceNode.value === 'string') spec = sourceNode.value;
      else if (sourceNode.type === 'TemplateLiteral' && sourceNode.expressions.length === 0) spec = sourceNode.quasis[0]?.value.cooked;
      if (typeof spec !== 'string') return;
      const resolved = resolveSpecifier(spec);
      if (!resolved) return;
      const to = classify(resolved);
      if (!to) return;

      if (from.zone === 'feature') {
        if (to.zone === 'app') {
          context.report({ node: sourceNode, messageId: 'featureToApp', data: { from: from.feature ?? '?', source: spec } });
        } else if (to.zone === 'feature' && to.feature !== from.feature) {
          context.report({
            node: sourceNode,
            messageId: 'crossFeature',
            data: { from: from.feature ?? '?', to: to.feature ?? '(features root)', source: spec, features: listFeatures().join(', ') || 'none yet' },
          });
        }
      } else if (from.zone === 'shared' && (to.zone === 'feature' || to.zone === 'app')) {
        context.report({
          node: sourceNode,
          messageId: 'sharedToUpper',
          data: { folder: from.folder, target: to.zone === 'app' ? 'app' : 'features', source: spec },
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // `vi.mock('../b/x')`-style strings are not imports and are left alone.
    };
  },
};

const studioPlugin = { meta: { name: 'studio' }, rules: { 'one-way-imports': oneWayImports } };

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/data/',
    '**/coverage/',
    '**/test-results/',
    '**/playwright-report/',
    'e2e/.artifacts/',
    'bench/.data/',
    'apps/web/public/',
    '**/*.tsbuildinfo',
  ]),

  {
    name: 'studio/base',
    files: ['**/*.{js,mjs,cjs,ts,mts,cts,tsx,jsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  {
    name: 'studio/commonjs',
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  {
    name: 'studio/web',
    files: ['apps/web/src/**/*.{ts,tsx,js,jsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },

  {
    name: 'studio/web-one-way-imports',
    files: ['apps/web/src/**/*.{ts,tsx,js,jsx,mts,cts}'],
    plugins: { studio: studioPlugin },
    rules: { 'studio/one-way-imports': 'error' },
  },

  {
    // A few type-aware rules where a forgotten `await` is a real bug: server code (unawaited queries,
    // replies) and e2e specs (an unawaited Playwright `expect` asserts nothing). Kept to these files
    // and rules so the whole lint stays fast on 2 cores.
    name: 'studio/type-aware',
    files: ['apps/server/src/**/*.ts', 'apps/server/test/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },

  {
    // Specs run in Node but page.evaluate()/addInitScript callbacks run in the page.
    name: 'studio/e2e',
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
]);
