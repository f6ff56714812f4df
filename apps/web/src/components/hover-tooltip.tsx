import { cloneElement, lazy, Suspense, useRef, type ReactElement, type Ref } from 'react';
import type { TooltipProps } from '@mantine/core';
import { useIdleReady } from '../lib/use-idle-ready';

/** Mantine's Tooltip, its code loaded on first use (components/tooltip.tsx). */
export const LazyTooltip = lazy(() => import('./tooltip'));

export type HoverTooltipProps = Omit<TooltipProps, 'children' | 'target'> & {
  /** One element that takes a ref (a Mantine Button or ActionIcon); its own ref, if any, is replaced. */
  children: ReactElement<{ ref?: Ref<HTMLElement> }>;
};

/**
 * A Tooltip (hover only) for something on the first screen. Its code loads once the page is idle:
 * tooltips and their positioning code were a fifth of the gallery's start-up libraries, and none can
 * show before the pointer moves anyway. It points at its element (Tooltip's `target`) instead of
 * wrapping it, so the element is not remounted when the tooltip arrives (focus stays where it is).
 */
export function HoverTooltip({ children, ...props }: HoverTooltipProps) {
  const ready = useIdleReady();
  const target = useRef<HTMLElement>(null);
  return (
    <>
      {cloneElement(children, { ref: target })}
      {ready ? (
        <Suspense fallback={null}>
          <LazyTooltip {...props} target={target} />
        </Suspense>
      ) : null}
    </>
  );
}
