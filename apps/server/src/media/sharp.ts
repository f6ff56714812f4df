import type SharpModule from 'sharp';

export type SharpFactory = typeof SharpModule;

let loading: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips), loaded on first use rather than when the server starts: a server that only serves
 * galleries and ZIPs never maps libvips (20–27 MB of RSS). The first caller pays the load once.
 *
 * libvips' operation cache is turned off: it keeps the results of past operations (up to 50 MB by
 * default) for a server that almost never repeats one on the same input. Outputs are identical;
 * makeRenditions on a 24 MP JPEG measured no slower without it.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
