import { cloneElement, lazy, Suspense, useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import type { TooltipProps } from '@mantine/core';

/** Mantine's Tooltip, its code loaded on first use (components/tooltip.tsx). */
export const LazyTooltip = lazy(() => import('./tooltip'));

export type HoverTooltipProps = Omit<TooltipProps, 'children' | 'target'> & {
  /** One element that takes a ref (a Mantine Button or ActionIcon); its own ref, if any, is replaced. */
  children: ReactElement<{ ref?: Ref<HTMLElement> }>;
};

/**
 * A Tooltip (hover only) for something on the first screen. Its code (with floating-ui, ~19 KB) loads
 * when the pointer first enters the element, and the tooltip opens as the pointer moves on it: none
 * can show before that, and the login screen, where the visitor types, no longer downloads it for a
 * tooltip rarely seen (the gallery warms the same code up once idle, so there it is already in).
 * It points at its element (Tooltip's `target`) instead of wrapping it, so the element is not
 * remounted when the tooltip arrives (focus stays where it is).
 */
export function HoverTooltip({ children, ...props }: HoverTooltipProps) {
  const [wanted, setWanted] = useState(false);
  const target = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = target.current;
    if (wanted || !element) return undefined;
    const want = () => setWanted(true);
    element.addEventListener('pointerenter', want, { once: true });
    return () => element.removeEventListener('pointerenter', want);
  }, [wanted]);
  return (
    <>
      {cloneElement(children, { ref: target })}
      {wanted ? (
        <Suspense fallback={null}>
          <LazyTooltip {...props} target={target} />
        </Suspense>
      ) : null}
    </>
  );
}
