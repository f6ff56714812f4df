declare const __APP_VERSION__: string | undefined;

/**
 * The product's version (spec §1: "Version shown"). Its one home is the root package.json "version";
 * the build puts it here (vite.config.ts `define`). Tests, which skip that, see "development".
 */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'development';
