// The web build's chunk graph, read from the built files (apps/web/dist or any other build folder):
// each chunk's static imports (parsed from its code) and what it holds (its source map's sources), so
// a chunk is judged by what it contains, never by its name. Used by scripts/check-chunk-graph.ts (in
// CI, after the e2e step's build) and bench/first-screen.ts (which requests held what).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { parseAst } from 'rolldown/parseAst';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webSrc = path.join(repoRoot, 'apps', 'web', 'src');

/**
 * Code a customer's page must never load up front, by where it lives. Editor and model code may be
 * loaded lazily (Edit opens the editor); studio code never reaches a customer's page at all.
 */
export const FORBIDDEN_CODE: { kind: string; test: RegExp }[] = [
  { kind: 'studio', test: /apps\/web\/src\/(features\/(studio[^/]*|companies)\/|components\/studio\/|app\/(layouts|routes)\/studio)/ },
  { kind: 'editor', test: /apps\/web\/src\/features\/editor\/(components|hooks|workers)\/|node_modules\/(react-easy-crop|normalize-wheel)\// },
  { kind: 'chart', test: /node_modules\/(recharts|victory-vendor|d3-[a-z-]+|internmap|@mantine\/charts|@reduxjs\/toolkit|redux|react-redux|immer)\// },
  { kind: 'upload', test: /node_modules\/(tus-js-client|@mantine\/dropzone|react-dropzone|file-selector|attr-accept)\// },
  { kind: 'model', test: /node_modules\/(@vladmandic\/human|onnxruntime-[a-z]+|@tensorflow\/[a-z-]+)\/|apps\/web\/src\/features\/editor\/lib\/face-detection/ },
];

/** The login screen and the gallery's first screen: their route modules (layout and screen). */
export const FIRST_SCREEN_ROUTES = ['app/layouts/auth-layout.tsx', 'app/routes/login.tsx', 'app/layouts/app-layout.tsx', 'app/routes/main.tsx'];

/**
 * The customer's route modules, by rule: every module src/app/router.tsx loads lazily except the
 * studio's (file names starting with `studio`), so routes added later are covered without a list.
 * Absolute paths; vite.config.ts groups libraries by what these run. `studio`: the studio's instead.
 */
export function customerRouteModules(srcDir = webSrc, { studio = false } = {}): string[] {
  const router = fs.readFileSync(path.join(srcDir, 'app', 'router.tsx'), 'utf8');
  const lazy = new Set([...router.matchAll(/import\(\s*['"`](\.\/[^'"`]+)['"`]\s*\)/g)].map((m) => m[1]!));
  // (A file that isn't there is the example in the router's comment.)
  return [...lazy]
    .filter((spec) => /^studio/.test(spec.split('/').pop()!) === studio)
    .flatMap((spec) => ['.tsx', '.ts'].map((ext) => path.join(srcDir, 'app', `${spec.slice(2)}${ext}`)).filter((file) => fs.existsSync(file)).slice(0, 1));
}

export interface Chunk {
  file: string;
  imports: string[];
  /** The modules it holds, as repository paths (node_modules/…, apps/web/src/…). */
  modules: string[];
}

export interface ChunkGraph {
  dist: string;
  chunks: Map<string, Chunk>;
  /** What index.html loads before any route: its module script and modulepreloads, or those its inline boot script asks for. */
  startup: string[];
  /** index.html's classic scripts (the gallery preload script). */
  classicScripts: string[];
}

export function readChunkGraph(dist: string): ChunkGraph {
  const chunks = new Map<string, Chunk>();
  const assets = path.join(dist, 'assets');
  for (const name of fs.readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const file = `assets/${name}`;
    const code = fs.readFileSync(path.join(assets, name), 'utf8');
    const imports: string[] = [];
    for (const statement of parseAst(code, { lang: 'js' }, name).body) {
      if ((statement.type === 'ImportDeclaration' || statement.type === 'ExportAllDeclaration' || statement.type === 'ExportNamedDeclaration') && statement.source) {
        imports.push(path.posix.join('assets', String(statement.source.value)));
      }
    }
    const mapFile = path.join(assets, `${name}.map`);
    const sources = fs.existsSync(mapFile) ? (JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources : [];
    const modules = sources.map((s) => repositoryPath(path.resolve(assets, s)));
    chunks.set(file, { file, imports: [...new Set(imports)], modules });
  }
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const href = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!.replace(/^\//, ''));
  return {
    dist,
    chunks,
    startup: [
      ...new Set([
        ...href(/<script type="module"[^>]*src="([^"]+)"/g),
        ...href(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
        // apps/web/src/app/first-screen-boot.ts: the same list, in the inline script's code.
        ...[...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].flatMap((script) => [...script[1]!.matchAll(/[`"'](\/assets\/[\w.-]+\.js)[`"']/g)].map((m) => m[1]!.replace(/^\//, ''))),
      ]),
    ],
    classicScripts: href(/<script (?:async )?src="([^"]+)"/g),
  };
}

/** node_modules/…, apps/…, packages/…: the same for a build of another checkout (a baseline). */
function repositoryPath(file: string): string {
  const posix = file.split(path.sep).join('/');
  const inModules = posix.lastIndexOf('/node_modules/');
  if (inModules >= 0) return posix.slice(inModules + 1);
  const inRepo = posix.search(/\/(apps|packages)\/[^/]+\/src\//);
  return inRepo >= 0 ? posix.slice(inRepo + 1) : path.relative(repoRoot, file).split(path.sep).join('/');
}

/** Bytes on the wire: brotli at quality 11, as apps/web/scripts/compress-dist.mjs writes it. */
function brotliSize(code: string): number {
  return brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(code) } }).length;
}

/** The chunks `files` load before running: themselves and their static imports, recursively. */
export function staticClosure(graph: ChunkGraph, files: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !graph.chunks.has(file)) return;
    seen.add(file);
    for (const dep of graph.chunks.get(file)!.imports) visit(dep);
  };
  files.forEach(visit);
  return seen;
}

/** The chunks holding a module (repository path relative to apps/web/src, e.g. app/routes/login.tsx). */
export function chunksHolding(graph: ChunkGraph, srcModule: string): string[] {
  const id = `apps/web/src/${srcModule}`;
  return [...graph.chunks.values()].filter((c) => c.modules.includes(id)).map((c) => c.file);
}

/** What forbidden code a chunk holds: kind → the modules (or packages) found. */
export function forbiddenIn(chunk: Chunk): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const module of chunk.modules) {
    const rule = FORBIDDEN_CODE.find((r) => r.test.test(module));
    if (!rule) continue;
    const label = module.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? module;
    const list = found.get(rule.kind) ?? [];
    if (!list.includes(label)) list.push(label);
    found.set(rule.kind, list);
  }
  return found;
}

/** The scripts of the first screen: start-up, the login screen, the gallery's route. */
export function firstScreenScripts(graph: ChunkGraph): string[] {
  const routeChunks = FIRST_SCREEN_ROUTES.flatMap((m) => chunksHolding(graph, m));
  return [...staticClosure(graph, [...graph.startup, ...routeChunks]), ...graph.classicScripts.filter((f) => fs.existsSync(path.join(graph.dist, f)))];
}

/** A built file's bytes on the wire (brotli, as served). */
export function fileBrotliBytes(graph: ChunkGraph, file: string): number {
  return brotliSize(fs.readFileSync(path.join(graph.dist, file), 'utf8'));
}
