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
 *
 * One libvips thread per image, set explicitly (sharp's default is one per core, except on glibc
 * without jemalloc, as here, where it is already one): parallelism comes from running images side by
 * side instead, two at a time in an import and IMAGE_QUEUE_CONCURRENCY for the work requests bring
 * (media/image-work-queue.ts), so the memory in use is bounded by how many images run at once.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
