import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build as rolldownBuild, type OutputChunk, type Plugin as RolldownPlugin } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import { defineConfig, type Plugin } from 'vite';

// The API server (apps/server) serves the built app from apps/web/dist and the API under /api.
// In development Vite serves the app and forwards /api to that server.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
const GALLERY_ROUTE_MODULES = ['app/layouts/app-layout.tsx', 'app/routes/main.tsx'];
const PRELOAD_GALLERY_ENTRY = `${srcDir}app/preload-gallery.ts`;

const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/]/;

/**
 * The contract's modules only declare constants, functions and schemas. A schema is a chain of zod
 * calls (`z.string().trim().max(200)`) that the bundler must assume has side effects, so every schema
 * of a module the preload script takes one constant from would be bundled (with zod) and built. This
 * wraps each top-level `const x = <call>` of the contract in a call marked pure
 * (`/* @__PURE__ *\/ (() => <call>)()`; the mark on the chain itself covers only its first call):
 * unused schemas are dropped, from the preload script (which then holds no zod at all) and from the
 * app's start-up chunk (about 2.6 KB less code to run).
 */
function contractDeclarationsArePure(): RolldownPlugin {
  return {
    name: 'studio-gallery:contract-declarations-are-pure',
    transform: {
      filter: { id: CONTRACT_SOURCE },
      handler(code, id) {
        const calls: [start: number, end: number][] = [];
        for (const statement of parseAst(code, { lang: 'ts' }, id).body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const declarator of declaration.declarations) {
            if (declarator.init?.type === 'CallExpression') calls.push([declarator.init.start, declarator.init.end]);
          }
        }
        if (calls.length === 0) return null;
        let out = code;
        for (const [start, end] of calls.reverse()) out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
        return { code: out, map: null };
      },
    },
  };
}

/**
 * The gallery's own code (its layout and screen, with the chunks they import that start-up has not
 * loaded) and its first page of photos normally start downloading only once the start-up code has run
 * and the router has matched the URL. index.html gets a tiny async script, src/app/preload-gallery.ts
 * built on its own with the list of those chunks, that asks for them right away for a signed-in
 * visitor opening the gallery (see that file). It is a file, not an inline script: the server's CSP
 * allows scripts from 'self' only. Only the modules it uses are bundled (the app's modules are
 * side-effect free); the build fails if a library found its way in.
 */
function preloadGalleryRoute(): Plugin {
  let preloadScript: { fileName: string; source: string } | undefined;
  let apiBase: string | undefined;
  return {
    name: 'studio-gallery:preload-gallery-route',
    apply: 'build',
    configResolved(config) {
      apiBase = config.env.VITE_API_BASE_URL as string | undefined;
    },
    generateBundle: {
      order: 'post',
      handler() {
        if (preloadScript) this.emitFile({ type: 'asset', fileName: preloadScript.fileName, source: preloadScript.source });
      },
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entryChunk = chunks.find((c) => c.isEntry);
        if (!entryChunk) return html;
        const startup = new Set<string>();
        const visit = (file: string, into: Set<string>) => {
          if (into.has(file) || startup.has(file)) return;
          into.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) visit(dep, into);
        };
        visit(entryChunk.fileName, startup);
        const scripts = new Set<string>();
        for (const module of GALLERY_ROUTE_MODULES) {
          const chunk = chunks.find((c) => c.facadeModuleId === `${srcDir}${module}`);
          if (!chunk) throw new Error(`preload-gallery-route: no chunk for ${module}`);
          visit(chunk.fileName, scripts);
        }
        const styles = [...scripts].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        const links = [
          ...[...scripts].map((file) => ['modulepreload', `/${file}`]),
          ...styles.map((file) => ['preload', `/${file}`]),
        ];
        const built = await rolldownBuild({
          input: PRELOAD_GALLERY_ENTRY,
          write: false,
          platform: 'browser',
          plugins: [contractDeclarationsArePure()],
          treeshake: { moduleSideEffects: false },
          transform: {
            define: {
              __GALLERY_ROUTE_LINKS__: JSON.stringify(links),
              'import.meta.env.VITE_API_BASE_URL': apiBase === undefined ? 'undefined' : JSON.stringify(apiBase),
            },
          },
          output: { format: 'iife', minify: true },
        });
        const [chunk] = built.output;
        const libraries = Object.entries(chunk.modules).filter(([id, m]) => /[\\/]node_modules[\\/]/.test(id) && m.renderedLength > 0);
        if (libraries.length > 0) throw new Error(`preload-gallery-route: the preload script bundles ${libraries.map(([id]) => id).join(', ')}`);
        const source = chunk.code;
        preloadScript = { fileName: `assets/preload-gallery-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`, source };
        return html.replace('</head>', `  <script async src="/${preloadScript.fileName}"></script>\n  </head>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), contractDeclarationsArePure(), preloadGalleryRoute()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Libraries change less often than the app: a few chunks that stay cached across deployments
    // (React + the router, the other libraries). The app's own code is split by route (lazy routes
    // in src/app/router.tsx), so each page loads only its own screens, with the app code several
    // pages share in one chunk. Letting Rolldown split everything per page measured worse for /main
    // (dozens of small requests, more bytes), and its entriesAware grouping broke the start-up order.
    rolldownOptions: {
      // The contract's modules only declare constants and schemas: without this, importing one name
      // from it runs every schema's construction (zod) at start-up, commerce's included.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id) },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            // Libraries only some pages use get their own chunks, so the gallery doesn't load them.
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 25 },
            { name: 'stripe', test: /node_modules[\\/]@stripe[\\/]/, priority: 25 },
            // '$initial': what the entry imports statically, i.e. what every page runs at start-up. The
            // libraries split in two: the start-up ones (React Query, zod, Mantine's provider and
            // notifications) and the components the screens use ('ui', loaded with the first lazy
            // route). Before, one vendor chunk carried every page's Mantine components into start-up.
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 20 },
            { name: 'ui', test: /node_modules[\\/]/, priority: 19 },
            // The app's (and the contract's) start-up modules: one chunk, so 'shared' below holds only
            // code of lazy pages (it used to pull start-up modules and their schemas in with it).
            { name: 'app', test: /[\\/]src[\\/]/, tags: ['$initial'], priority: 15 },
            // App modules several lazy pages share (cart store, shared components): one chunk.
            { name: 'shared', test: /[\\/]src[\\/]/, minShareCount: 2, priority: 10 },
          ],
        },
      },
    },
  },
});
