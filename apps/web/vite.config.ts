import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build as rolldownBuild, type OutputChunk, type Plugin as RolldownPlugin } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import { defineConfig, type Plugin } from 'vite';
// (By path: the config loader bundles relative imports only, and the contract's package is TypeScript.)
import { storageKeys } from '../../packages/contract/src/storage-keys.ts';
// The customer's routes, by rule (one home: the chunk-graph check in CI applies the same rule).
import { customerRouteModules } from '../../scripts/chunk-graph.ts';
import { paths } from './src/config/paths.ts';

// The API server (apps/server) serves the built app from apps/web/dist and the API under /api.
// In development Vite serves the app and forwards /api to that server.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
/** The product's version lives in the root package.json; src/config/version.ts reads it from here. */
const appVersion = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const GALLERY_ROUTE_MODULES = ['app/layouts/app-layout.tsx', 'app/routes/main.tsx'];
/**
 * What the gallery loads lazily but warms up once the page is idle (its dialogs, the account menu,
 * the phone's drawer, tooltips): grouped apart ('gallery-later', 'ui-later') so warming them up loads
 * just their code, not other screens' (and zod, which the forms' chunk holds).
 */
const GALLERY_LATER_MODULES = [
  'features/gallery/components/preview-modal.tsx',
  'features/gallery/components/share-modal.tsx',
  'features/gallery/components/download-size-modal.tsx',
  'app/layouts/account-menu.tsx',
  'app/layouts/navigation-drawer.tsx',
  'components/tooltip.tsx',
];
/**
 * Mantine's Tooltip (components/tooltip.tsx): every screen's hover tooltips load it on first hover
 * (components/hover-tooltip.tsx), /login's too, so its libraries are a chunk of their own ('ui-tooltip'),
 * not part of the gallery's modals' ('ui-later').
 */
const TOOLTIP_MODULE = 'components/tooltip.tsx';
/**
 * The studio's home (issue 23 §5): its frame and first screen, grouped apart ('studio-home',
 * 'studio-home-libs') so /studio loads neither the other screens' code nor their libraries (uploads,
 * number inputs, dropzones).
 */
const STUDIO_HOME_MODULES = ['app/layouts/studio-layout.tsx', 'app/routes/studio.tsx'];
/** The home's chart, loaded lazily beside its figures: a chunk of its own (with recharts), without the other screens'. */
const STUDIO_HOME_CHART = `${srcDir}features/studio-settings/components/revenue-chart.tsx`;
/** The stylesheets the studio's frame imports (not code, so not in its modules): with its chunk, not the other screens'. */
const STUDIO_HOME_STYLES = new Set(['features/studio/components/studio-mantine.css', 'app/layouts/studio-layout.module.css'].map((m) => `${srcDir}${m}`));
/** The login screen (its layout and route): the first half of a customer's first screen. */
const LOGIN_ROUTE_MODULES = ['app/layouts/auth-layout.tsx', 'app/routes/login.tsx'];
const PRELOAD_GALLERY_ENTRY = `${srcDir}app/preload-gallery.ts`;
const FIRST_SCREEN_BOOT_ENTRY = `${srcDir}app/first-screen-boot.ts`;
/** The screen stored for the next visit (src/lib/first-screen.ts FIRST_SCREEN_PATH). */
const FIRST_SCREEN_PATH = paths.main;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
const APP_SOURCE = /[\\/]src[\\/]/;
const STUDIO_SOURCE = /[\\/]src[\\/](features[\\/](studio(-[a-z]+)?|companies)[\\/]|components[\\/]studio[\\/]|app[\\/](layouts|routes)[\\/]studio)/;
const APP_ENTRY = `${srcDir}main.tsx`;
const GALLERY_ROUTE_IDS = new Set(GALLERY_ROUTE_MODULES.map((m) => `${srcDir}${m}`));
const LOGIN_ROUTE_IDS = new Set(LOGIN_ROUTE_MODULES.map((m) => `${srcDir}${m}`));

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
 * A small classic script of the app's own modules (index.html's preload and boot scripts), built on its
 * own: an IIFE, minified, with `define`d constants. Only the modules it uses are bundled (the app's
 * modules are side-effect free); the build fails if a library found its way in.
 */
async function buildClassicScript(plugin: string, input: string, define: Record<string, string>): Promise<string> {
  const built = await rolldownBuild({
    input,
    write: false,
    platform: 'browser',
    plugins: [contractDeclarationsArePure()],
    treeshake: { moduleSideEffects: false },
    transform: { define },
    output: { format: 'iife', minify: true },
  });
  const [chunk] = built.output;
  const libraries = Object.entries(chunk.modules).filter(([id, m]) => NODE_MODULES.test(id) && m.renderedLength > 0);
  if (libraries.length > 0) throw new Error(`${plugin}: the script bundles ${libraries.map(([id]) => id).join(', ')}`);
  return chunk.code;
}

/** The build's chunks as routes load them: what start-up loads, and the chunks (and styles) a route's modules add to it. */
function routeChunks(bundle: Record<string, OutputChunk | { type: 'asset' }>) {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entryChunk = chunks.find((c) => c.isEntry);
  if (!entryChunk) return undefined;
  const startup = new Set<string>();
  const visit = (file: string, into: Set<string>) => {
    if (into.has(file) || startup.has(file)) return;
    into.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) visit(dep, into);
  };
  visit(entryChunk.fileName, startup);
  /** [rel, href] of those chunks and the stylesheets they import. */
  const linksOf = (files: Set<string>): [rel: 'modulepreload' | 'preload', href: string][] => [
    ...[...files].map((file) => ['modulepreload', `/${file}`] as ['modulepreload', string]),
    ...[...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]).map((file) => ['preload', `/${file}`] as ['preload', string]),
  ];
  return { chunks, startup, visit, linksOf };
}

/** The gallery route's chunks (its layout and screen, with what they import) that start-up has not loaded. */
function galleryRouteScripts({ chunks, visit }: NonNullable<ReturnType<typeof routeChunks>>): Set<string> {
  const scripts = new Set<string>();
  for (const module of GALLERY_ROUTE_MODULES) {
    const chunk = chunks.find((c) => c.facadeModuleId === `${srcDir}${module}`);
    if (!chunk) throw new Error(`no chunk for the gallery route's ${module}`);
    visit(chunk.fileName, scripts);
  }
  return scripts;
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
        const graph = routeChunks(ctx.bundle);
        if (!graph) return html;
        const { chunks, startup, visit, linksOf } = graph;
        const scripts = galleryRouteScripts(graph);
        const strays = [...startup, ...scripts].filter((file) => /^assets\/(forms|ui-login|login-screen|shared)-/.test(file));
        if (strays.length > 0) throw new Error(`preload-gallery-route: the gallery's first screen loads ${strays.join(', ')} (other screens' code, or zod): see firstScreenModules`);
        const links = linksOf(scripts);
        // The studio's home (issue 23 §5): its frame and screen share one chunk ('studio-home'), no facade.
        const studioScripts = new Set<string>();
        for (const module of STUDIO_HOME_MODULES) {
          const chunk = chunks.find((c) => c.moduleIds.includes(`${srcDir}${module}`));
          if (!chunk) throw new Error(`preload-gallery-route: no chunk for ${module}`);
          visit(chunk.fileName, studioScripts);
        }
        const source = await buildClassicScript('preload-gallery-route', PRELOAD_GALLERY_ENTRY, {
          __GALLERY_ROUTE_LINKS__: JSON.stringify(links),
          __STUDIO_HOME_LINKS__: JSON.stringify(linksOf(studioScripts)),
          'import.meta.env.VITE_API_BASE_URL': apiBase === undefined ? 'undefined' : JSON.stringify(apiBase),
        });
        preloadScript = { fileName: `assets/preload-gallery-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`, source };
        return html.replace('</head>', `  <script async src="/${preloadScript.fileName}"></script>\n  </head>`);
      },
    },
  };
}

/**
 * index.html's start-up code is asked for by an inline boot script (src/app/first-screen-boot.ts, built
 * here on its own), not by static tags: under a stored copy of the customer's first screen it comes
 * after that copy's paint. The boot script takes the place of the entry's <script type="module"> (before
 * the stylesheet, so with no copy it runs, and asks for the code, without waiting for the styles); a
 * second inline script just before #root writes the copy. The server allows both by their hashes
 * (apps/server/src/plugins/web-app.ts inlineScriptSources).
 */
function firstScreenBoot(): Plugin {
  const ENTRY_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?\s*/;
  const PRELOAD_TAG = /<link rel="modulepreload" crossorigin href="([^"]+)">\n?\s*/g;
  const ROOT = '<div id="root">';
  return {
    name: 'studio-gallery:first-screen-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return html;
        const entry = ENTRY_TAG.exec(html)?.[1];
        if (!entry || !html.includes(ROOT)) throw new Error('first-screen-boot: index.html has no module script or no #root where expected');
        const preloads = [...html.matchAll(PRELOAD_TAG)].map((match) => match[1]!);
        const graph = routeChunks(ctx.bundle);
        if (!graph) throw new Error('first-screen-boot: the build has no entry chunk');
        // The copy is /main's: the gallery route's stylesheets, which index.html does not link.
        const screenStylesheets = graph.linksOf(galleryRouteScripts(graph)).filter(([rel]) => rel === 'preload').map(([, href]) => href);
        const built = await buildClassicScript('first-screen-boot', FIRST_SCREEN_BOOT_ENTRY, {
          __APP_SCRIPTS__: JSON.stringify({ entry, preloads, screenStylesheets }),
          __FIRST_SCREEN__: JSON.stringify({ screenPath: FIRST_SCREEN_PATH, keys: { token: storageKeys.token, userId: storageKeys.userId, firstScreen: storageKeys.firstScreen } }),
        });
        const code = built.trim().replaceAll('</', '<\\/');
        if (/<!--|<script/i.test(code)) throw new Error('first-screen-boot: the boot script cannot be inlined as it is');
        return html
          .replace(PRELOAD_TAG, '')
          .replace(ENTRY_TAG, `<script>${code}</script>\n    `)
          .replace(ROOT, `<script>self.firstScreen&&self.firstScreen.write()</script>\n    ${ROOT}`);
      },
    },
  };
}

/**
 * index.html's icon (public/favicon.svg, 300 bytes) written into the page as a data: URL. As a file,
 * Chromium asked for it twice on the customer's first screen (once for /login, again, revalidating,
 * once the gallery had opened: ~1.8 KB of requests and headers for 300 bytes); inline it costs the
 * page ~0.2 KB and no request. (The CSP's img-src allows data:.) The file stays for other uses.
 */
function inlineFavicon(): Plugin {
  const FAVICON_LINK = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';
  return {
    name: 'studio-gallery:inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(FAVICON_LINK)) throw new Error('inline-favicon: index.html no longer links /favicon.svg as it expects');
      const svg = readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8').trim();
      // URL-encoded (not base64): the page's brotli compresses it as text.
      const href = `data:image/svg+xml,${encodeURIComponent(svg).replace(/%20/g, ' ').replace(/%3D/g, '=').replace(/%3A/g, ':').replace(/%2F/g, '/').replace(/%22/g, "'")}`;
      return html.replace(FAVICON_LINK, `<link rel="icon" type="image/svg+xml" href="${href}" />`);
    },
  };
}

/**
 * The modules a page really runs, as tree-shaking sees them: a quick build of just these inputs,
 * without what they import lazily (like the gallery's dialogs, not on the way to its first screen),
 * lists the modules that keep code in it. The module graph alone can't tell: every import of
 * @mantine/core goes through its index, which re-exports every component, and a contract module
 * reached at start-up for one constant declares schemas too.
 */
async function modulesRunUpFront(inputs: string[], { withLazyImports = false } = {}): Promise<Set<string>> {
  const built = await rolldownBuild({
    input: inputs,
    write: false,
    platform: 'browser',
    // Stylesheets and pictures are not code; a CSS module's class names are (it gets its own module).
    external: [/(?<!\.module)\.css$/, /\.svg$/],
    plugins: [
      contractDeclarationsArePure(),
      // What they import lazily is left out altogether: otherwise a declaration only a lazy module
      // uses would still be counted, in the module start-up reaches it through.
      withLazyImports ? null : { name: 'lazy-imports-left-out', resolveDynamicImport: () => false },
      { name: 'css-module-class-names', load: (id: string) => (/\.module\.css$/.test(id) ? { code: 'export default {};', moduleType: 'js' } : null) },
    ],
    onLog: (level, log, handler) => {
      if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
    },
    // As in the real build: the contract's modules have no side effects; every other module keeps
    // what its package.json says.
    treeshake: { moduleSideEffects: (id: string) => (CONTRACT_SOURCE.test(id) ? false : undefined) },
    transform: { jsx: 'react-jsx', define: { 'process.env.NODE_ENV': '"production"' } },
  });
  const modules = new Set<string>();
  for (const chunk of built.output) {
    if (chunk.type !== 'chunk') continue;
    for (const [id, m] of Object.entries(chunk.modules)) if (m.renderedLength > 0) modules.add(id);
  }
  return modules;
}

/**
 * What start-up, the gallery's route (its layout and screen), the gallery's later parts
 * (GALLERY_LATER_MODULES), the login screen and all the customer's routes (customerRouteModules) run
 * (modulesRunUpFront), found before the real build. The chunk groups below follow them ('app'; 'ui'
 * and 'gallery'; 'ui-login'; 'ui-later' and 'gallery-later'; 'shared'), so the gallery's first
 * screen loads only the code it runs: other screens' components and the contract's schemas (with
 * zod) stay in chunks it never asks for.
 */
function firstScreenModules() {
  const startup = new Set<string>();
  const gallery = new Set<string>();
  const galleryLater = new Set<string>();
  const login = new Set<string>();
  const tooltip = new Set<string>();
  const customer = new Set<string>();
  const customerAtAll = new Set<string>();
  const studio = new Set<string>();
  const studioHome = new Set<string>();
  const plugin: Plugin = {
    name: 'studio-gallery:first-screen-modules',
    apply: 'build',
    async buildStart() {
      const customerRoutes = customerRouteModules(srcDir);
      const studioRoutes = customerRouteModules(srcDir, { studio: true });
      const [startupModules, galleryModules, laterModules, loginModules, tooltipModules, customerModules, customerLazyModules, studioModules, studioHomeModules] = await Promise.all([
        modulesRunUpFront([APP_ENTRY]),
        modulesRunUpFront(GALLERY_ROUTE_MODULES.map((m) => `${srcDir}${m}`)),
        modulesRunUpFront(GALLERY_LATER_MODULES.map((m) => `${srcDir}${m}`)),
        modulesRunUpFront(LOGIN_ROUTE_MODULES.map((m) => `${srcDir}${m}`)),
        modulesRunUpFront([`${srcDir}${TOOLTIP_MODULE}`]),
        modulesRunUpFront([APP_ENTRY, ...customerRoutes]),
        // (Not from start-up: through the router it reaches the studio's routes too.)
        modulesRunUpFront(customerRoutes, { withLazyImports: true }),
        modulesRunUpFront(studioRoutes),
        modulesRunUpFront(STUDIO_HOME_MODULES.map((m) => `${srcDir}${m}`)),
      ]);
      const fill = (into: Set<string>, from: Set<string>) => {
        into.clear();
        for (const id of from) into.add(id);
      };
      fill(startup, startupModules);
      fill(gallery, galleryModules);
      fill(galleryLater, laterModules);
      fill(login, loginModules);
      fill(tooltip, tooltipModules);
      fill(customer, customerModules);
      fill(customerAtAll, customerLazyModules);
      fill(studio, studioModules);
      fill(studioHome, studioHomeModules);
    },
  };
  return {
    plugin,
    atStartup: (id: string) => startup.has(id),
    inGallery: (id: string) => gallery.has(id),
    inGalleryLater: (id: string) => galleryLater.has(id),
    inLogin: (id: string) => login.has(id),
    inTooltip: (id: string) => tooltip.has(id),
    /** Run up front by start-up or a customer's route (not what they load lazily: the editor, modals). */
    byCustomer: (id: string) => customer.has(id),
    /** Run by the studio's routes up front and by nothing a customer loads, even lazily (the editor). */
    studioOnly: (id: string) => studio.has(id) && !customerAtAll.has(id),
    inStudioHome: (id: string) => studioHome.has(id),
  };
}

const firstScreen = firstScreenModules();

// React Router 7 points every import at its development build (remix-run/react-router#12532): its
// production build (the same code with its development warnings off) is taken by path for builds.
const reactRouterDist = fileURLToPath(new URL('../../node_modules/react-router/dist/production/', import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [react(), contractDeclarationsArePure(), preloadGalleryRoute(), firstScreenBoot(), inlineFavicon(), firstScreen.plugin],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterDist}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterDist}dom-export.mjs` },
          ]
        : [],
  },
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
            // Libraries only some pages use get their own chunks, so the gallery doesn't load them. zod
            // goes with the forms: the gallery reads its answers as typed (Answer in lib/api-client.ts).
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, priority: 25 },
            { name: 'stripe', test: /node_modules[\\/]@stripe[\\/]/, priority: 25 },
            // '$initial': what the entry imports statically, i.e. what every page runs at start-up (React
            // Query, Mantine's provider and notifications).
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 20 },
            // The libraries the gallery's first screen uses (see firstScreenModules), those the login
            // screen adds, then those of the gallery's lazy modals.
            { name: 'ui', test: (id: string) => NODE_MODULES.test(id) && firstScreen.inGallery(id), priority: 19 },
            { name: 'ui-login', test: (id: string) => NODE_MODULES.test(id) && firstScreen.inLogin(id), priority: 18.7 },
            { name: 'ui-tooltip', test: (id: string) => NODE_MODULES.test(id) && firstScreen.inTooltip(id), priority: 18.6 },
            { name: 'ui-later', test: (id: string) => NODE_MODULES.test(id) && firstScreen.inGalleryLater(id), priority: 18.5 },
            // The other libraries only the studio runs (uploads, tables…): one chunk for its pages (not
            // dozens of small shared ones), which nothing a customer loads imports. Not their
            // dependencies: one a customer's page shares would bring this chunk with it.
            { name: 'studio-home-libs', test: (id: string) => NODE_MODULES.test(id) && firstScreen.studioOnly(id) && firstScreen.inStudioHome(id), priority: 18.4, includeDependenciesRecursively: false },
            { name: 'studio-libs', test: (id: string) => NODE_MODULES.test(id) && firstScreen.studioOnly(id), priority: 18.3, includeDependenciesRecursively: false },
            // Every other library is left to Rolldown, which puts each module in a chunk shared by
            // exactly the pages (lazy routes, modals, the editor) that import it: no page loads a
            // library it does not use (a named group takes a module's dependencies with it, and every
            // screen that shares one of them then loads the whole group: the studio's chart with /login).
            // The app's (and the contract's) modules start-up runs, with Vite's own (its preload helper):
            // one chunk. Not every module start-up imports: one it reaches for a constant may declare
            // schemas other pages use.
            // Not the modules they import but start-up doesn't run (the contract's gallery.ts imports
            // common.ts for schemas only other pages use): those would bring zod into start-up.
            { name: 'app', test: (id: string) => !NODE_MODULES.test(id) && id !== APP_ENTRY && (!APP_SOURCE.test(id) || firstScreen.atStartup(id)), tags: ['$initial'], priority: 15, includeDependenciesRecursively: false },
            // The app modules the gallery route loads up front (its layout and screen stay chunks of
            // their own, which the router's lazy routes and the preload script name).
            { name: 'gallery', test: (id: string) => APP_SOURCE.test(id) && firstScreen.inGallery(id) && !GALLERY_ROUTE_IDS.has(id), priority: 12, includeDependenciesRecursively: false },
            // The app modules (and the contract's schemas) the login screen adds: not the 'shared' chunk,
            // which holds other pages' (the cart's modals) and would bring their libraries.
            { name: 'login-screen', test: (id: string) => APP_SOURCE.test(id) && firstScreen.inLogin(id) && !LOGIN_ROUTE_IDS.has(id), priority: 11.5, includeDependenciesRecursively: false },
            { name: 'gallery-later', test: (id: string) => APP_SOURCE.test(id) && firstScreen.inGalleryLater(id), priority: 11, includeDependenciesRecursively: false },
            // The studio's screens (issue 15): one chunk of their own, loaded only under /studio; its home
            // screen and frame apart, so /studio runs only their code.
            { name: 'studio-home', test: (id: string) => STUDIO_SOURCE.test(id) && (firstScreen.inStudioHome(id) || STUDIO_HOME_STYLES.has(id)), priority: 10.6, includeDependenciesRecursively: false },
            { name: 'studio', test: (id: string) => STUDIO_SOURCE.test(id) && id !== STUDIO_HOME_CHART, priority: 10.5, includeDependenciesRecursively: false },
            // App modules several customer pages share (cart store, shared components): one chunk. Only
            // what customers' routes run up front: a module only the studio or the editor uses would
            // bring its libraries to every page that loads this chunk.
            { name: 'shared', test: (id: string) => APP_SOURCE.test(id) && firstScreen.byCustomer(id), minShareCount: 2, priority: 10 },
          ],
        },
      },
    },
  },
}));
