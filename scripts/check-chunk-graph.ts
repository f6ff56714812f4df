// The customer's first screen stays small and free of other screens' code (issue 23), checked on a
// production build of the web app (scripts/e2e.mjs runs it right after its build):
//   node --import tsx scripts/check-chunk-graph.ts [<dist>]      (default apps/web/dist)
// Fails (exit 1) when
// - a customer route (scripts/chunk-graph.ts, customerRouteModules: every lazy route of the router
//   but the studio's) or start-up loads, through its static imports, studio, editor, chart, upload or
//   model code (FORBIDDEN_CODE; found by what each chunk holds, its source map);
// - the first screen's scripts (start-up, /login, the gallery's route, with everything they import
//   statically) pass FIRST_SCREEN_SCRIPTS_BUDGET bytes of brotli (deterministic: no timing).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  customerRouteModules,
  fileBrotliBytes,
  firstScreenScripts,
  forbiddenIn,
  readChunkGraph,
  staticClosure,
} from './chunk-graph';

/**
 * Of the 300 KB the first screen may take on the wire (issue 23; bench/first-screen.ts measures all of
 * it), what its scripts may take: the rest goes to the page, styles, API answers and the photos in view.
 * 173 KB when set (the login form without zod and react-hook-form); a few KB of room.
 */
export const FIRST_SCREEN_SCRIPTS_BUDGET = 180 * 1024;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(repoRoot, 'apps', 'web', 'dist'));
const graph = readChunkGraph(dist);
const failures: string[] = [];

const webSrc = path.join(repoRoot, 'apps', 'web', 'src');
const routes = customerRouteModules().map((file) => path.relative(webSrc, file).split(path.sep).join('/'));
const roots: [name: string, chunks: string[]][] = [
  ['start-up (index.html)', graph.startup],
  ...routes.map((route): [string, string[]] => [route, [...graph.chunks.values()].filter((c) => c.modules.includes(`apps/web/src/${route}`)).map((c) => c.file)]),
];
for (const [name, chunks] of roots) {
  if (chunks.length === 0) {
    failures.push(`${name}: no chunk holds it (is ${dist} a build of this checkout, with source maps?)`);
    continue;
  }
  for (const file of staticClosure(graph, chunks)) {
    for (const [kind, modules] of forbiddenIn(graph.chunks.get(file)!)) {
      failures.push(`${name} loads ${kind} code up front: ${file} holds ${modules.slice(0, 6).join(', ')}${modules.length > 6 ? ` and ${modules.length - 6} more` : ''}`);
    }
  }
}

const scripts = firstScreenScripts(graph);
const bytes = scripts.map((file) => [file, fileBrotliBytes(graph, file)] as const).sort((a, b) => b[1] - a[1]);
const total = bytes.reduce((sum, [, b]) => sum + b, 0);
console.log(`first screen scripts (start-up, /login, the gallery's route), brotli bytes, from ${dist}:`);
for (const [file, b] of bytes) console.log(`  ${(b / 1024).toFixed(1).padStart(7)} KB  ${file}`);
console.log(`  ${(total / 1024).toFixed(1).padStart(7)} KB  in all, budget ${FIRST_SCREEN_SCRIPTS_BUDGET / 1024} KB`);
if (total > FIRST_SCREEN_SCRIPTS_BUDGET) failures.push(`the first screen's scripts take ${total} bytes (brotli), over the budget of ${FIRST_SCREEN_SCRIPTS_BUDGET}`);

console.log(`${roots.length - 1} customer routes and start-up checked for studio, editor, chart, upload and model code`);
if (failures.length > 0) {
  console.error(`\nchunk graph check failed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('chunk graph check passed');
