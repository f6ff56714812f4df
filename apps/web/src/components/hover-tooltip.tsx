import { lazy, Suspense } from 'react';
import type { TooltipProps } from '@mantine/core';
import { useIdleReady } from '../lib/use-idle-ready';

/** Mantine's Tooltip, its code loaded on first use (components/tooltip.tsx). */
export const LazyTooltip = lazy(() => import('./tooltip'));

/**
 * A Tooltip (hover only) for something on the first screen: until the page is idle its child renders
 * alone, then the tooltip wraps it. Tooltips and their positioning code were a fifth of the gallery's
 * start-up libraries, and none can show before the pointer moves anyway.
 */
export function HoverTooltip({ children, ...props }: TooltipProps) {
  const ready = useIdleReady();
  if (!ready) return children;
  return (
    <Suspense fallback={children}>
      <LazyTooltip {...props}>{children}</LazyTooltip>
    </Suspense>
  );
}
