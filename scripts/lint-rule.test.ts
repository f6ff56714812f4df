// Proves the web app's one-way import rule (studio/one-way-imports in eslint.config.js) through
// ESLint's Node API with the repository's real config. The linted files need not exist on disk:
// lintText only uses filePath to pick the config and to resolve relative imports.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = (p: string) => path.join(root, 'apps/web/src', p);
const RULE = 'studio/one-way-imports';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
});

/** Lints `code` as if it lived at apps/web/src/<file>; returns the one-way-import messages. */
async function importErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: web(file) });
  const messages = result?.messages ?? [];
  const fatal = messages.filter((m) => m.fatal);
  expect(fatal, 'snippet must parse').toEqual([]);
  return messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('one-way imports in apps/web/src', () => {
  it('forbids a feature importing another feature by relative path', async () => {
    const errors = await importErrors('features/a/index.ts', "import { thing } from '../b/thing';\nexport { thing };\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Feature 'a' must not import from feature 'b'");
  });

  it('judges relative paths by where they point, at any depth', async () => {
    expect(
      await importErrors('features/a/components/Card.tsx', "import { thing } from '../../b/api/thing';\nexport { thing };\n"),
    ).toHaveLength(1);
    // `../b` from a nested folder stays inside feature a: allowed.
    expect(await importErrors('features/a/components/Card.tsx', "import { x } from '../b';\nexport { x };\n")).toEqual([]);
    expect(await importErrors('features/a/components/Card.tsx', "import { useA } from '../hooks/use-a';\nexport { useA };\n")).toEqual(
      [],
    );
  });

  it('forbids cross-feature imports through the alias, including the feature root', async () => {
    expect(await importErrors('features/a/hooks/use-a.ts', "import { b } from '@/features/b';\nexport { b };\n")).toHaveLength(1);
    expect(await importErrors('features/a/hooks/use-a.ts', "import { b } from '~/features/b/api/get-b';\nexport { b };\n")).toHaveLength(
      1,
    );
    expect(await importErrors('features/a/hooks/use-a.ts', "import { a } from '@/features/a/api/get-a';\nexport { a };\n")).toEqual([]);
  });

  it('catches re-exports, type-only imports and dynamic import()', async () => {
    expect(await importErrors('features/a/index.ts', "export * from '../b';\n")).toHaveLength(1);
    expect(await importErrors('features/a/index.ts', "export { B } from '@/features/b';\n")).toHaveLength(1);
    expect(await importErrors('features/a/index.ts', "import type { B } from '../b/types';\nexport type { B };\n")).toHaveLength(1);
    expect(await importErrors('features/a/index.ts', "export const load = () => import('../b/page');\n")).toHaveLength(1);
  });

  it('forbids a feature importing from app/', async () => {
    const errors = [
      ...(await importErrors('features/a/index.ts', "import { router } from '../../app/router';\nexport { router };\n")),
      ...(await importErrors('features/a/index.ts', "import { router } from '@/app/router';\nexport { router };\n")),
    ];
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('must not import from app/');
  });

  it('forbids shared folders importing from features/ or app/', async () => {
    expect(await importErrors('lib/api-client.ts', "import { a } from '../features/a';\nexport { a };\n")).toHaveLength(1);
    expect(await importErrors('components/Layout.tsx', "import { Provider } from '@/app/provider';\nexport { Provider };\n")).toHaveLength(1);
    const [message] = await importErrors('config/paths.ts', "import { x } from '@/features/auth/routes';\nexport { x };\n");
    expect(message).toContain('config/ is shared code and must not import from features/');
  });

  it('allows the intended direction and packages', async () => {
    const code = [
      "import { useQuery } from '@tanstack/react-query';",
      "import { api } from '@/lib/api-client';",
      "import { Button } from '../../../components/Button';",
      "import { paths } from '../../../config/paths';",
      'export { useQuery, api, Button, paths };',
      '',
    ].join('\n');
    expect(await importErrors('features/a/api/get-a.ts', code)).toEqual([]);
    expect(
      await importErrors('app/router.tsx', "import { A } from '@/features/a';\nimport { B } from '../features/b/page';\nexport { A, B };\n"),
    ).toEqual([]);
    expect(await importErrors('lib/format.ts', "import { z } from 'zod';\nimport { x } from './x';\nexport { z, x };\n")).toEqual([]);
  });
});
