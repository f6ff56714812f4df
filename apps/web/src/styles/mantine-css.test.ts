// The app imports Mantine's CSS per component (styles/mantine.css), not the whole styles.css. This
// checks that every @mantine/core component the app uses, and every component those build on, has
// its CSS file imported there, in the order of @mantine/core/styles.css.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.resolve(here, '..');
const coreDir = path.dirname(path.dirname(createRequire(import.meta.url).resolve('@mantine/core')));
const esmDirs = [path.join(coreDir, 'esm', 'components'), path.join(coreDir, 'esm', 'utils')];
const cssFile = (name: string) => path.join(coreDir, 'styles', `${name}.css`);

function walk(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, keep, out);
    else if (keep(full)) out.push(full);
  }
  return out;
}

/** Names imported as values from @mantine/core anywhere in the app (tests aside). */
function usedNames(): Set<string> {
  const names = new Set<string>(['Notification']); // @mantine/notifications renders core's Notification
  for (const file of walk(srcDir, (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const part of m[1]!.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** The top-level component folder (esm/components/X or esm/utils/X) a module belongs to. */
function folderOf(file: string): string | null {
  for (const base of esmDirs) if (file.startsWith(base + path.sep)) return path.join(base, file.slice(base.length + 1).split(path.sep)[0]!);
  return null;
}

/** Component folders a folder's modules import, transitively. */
function closure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const folder = queue.pop()!;
    if (seen.has(folder)) continue;
    seen.add(folder);
    for (const file of walk(folder, (f) => f.endsWith('.mjs'))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/from\s*"(\.[^"]*)"/g)) {
        const dep = folderOf(path.resolve(path.dirname(file), m[1]!));
        if (dep && !seen.has(dep)) queue.push(dep);
      }
    }
  }
  return seen;
}

describe('styles/mantine.css', () => {
  const folderByName = new Map<string, string>();
  for (const base of esmDirs) {
    for (const file of walk(base, (f) => f.endsWith('.mjs') && !f.includes('.module.'))) {
      folderByName.set(path.basename(file, '.mjs'), folderOf(file)!);
    }
  }
  const importsOf = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/@import '@mantine\/core\/styles\/([\w-]+)\.css';/g)].map((m) => m[1]!);
  const firstScreen = importsOf(path.join(here, 'mantine.css'));
  /** Mantine CSS of components only lazily loaded screens use, imported with them (off the first screen). */
  const lazily = [
    path.join(srcDir, 'features', 'editor', 'components', 'editor-mantine.css'),
    path.join(srcDir, 'features', 'appointments', 'components', 'appointment-mantine.css'),
    path.join(srcDir, 'features', 'studio', 'components', 'studio-mantine.css'),
  ].map(importsOf);
  const imported = [...firstScreen, ...lazily.flat()];

  it('imports the CSS of every Mantine component the app uses, and of the components they build on', () => {
    const start = [...usedNames()].map((n) => folderByName.get(n)).filter((f): f is string => f !== undefined);
    const needed = [...closure(start)].map((f) => path.basename(f)).filter((n) => fs.existsSync(cssFile(n)));
    const missing = needed.filter((n) => !imported.includes(n)).sort();
    expect(missing, `add to src/styles/mantine.css: ${missing.map((n) => `@import '@mantine/core/styles/${n}.css';`).join(' ')}`).toEqual([]);
  });

  it('keeps the order of @mantine/core/styles.css', () => {
    const all = fs.readFileSync(path.join(coreDir, 'styles.css'), 'utf8');
    const position = (name: string) => {
      const firstRule = fs.readFileSync(cssFile(name), 'utf8').split('\n').find((line) => line.trim().length > 0)!;
      return all.indexOf(firstRule);
    };
    for (const list of [firstScreen, ...lazily]) {
      expect(list.map(position).every((p) => p >= 0)).toBe(true);
      const sorted = [...list].sort((a, b) => position(a) - position(b));
      expect(list).toEqual(sorted);
    }
  });
});
