import { useCallback, useState, type SyntheticEvent } from 'react';
import type { FloatingPosition } from '@mantine/core';

/** Space a menu needs below its button; with less, it opens upward (spec §2). */
export const MENU_FLIP_THRESHOLD = 200;

export function menuPositionFor(spaceBelow: number, align: 'start' | 'end' = 'end'): FloatingPosition {
  return spaceBelow < MENU_FLIP_THRESHOLD ? `top-${align}` : `bottom-${align}`;
}

/**
 * A menu position that flips upward when its trigger has under 200 px below it: pass `measure` as
 * the trigger's onClick / onKeyDown (it runs before the menu opens).
 */
export function useFlipPosition(align: 'start' | 'end' = 'end') {
  const [position, setPosition] = useState<FloatingPosition>(`bottom-${align}`);
  const measure = useCallback(
    (event: SyntheticEvent<HTMLElement>) => {
      const rect = event.currentTarget.getBoundingClientRect();
      setPosition(menuPositionFor(window.innerHeight - rect.bottom, align));
    },
    [align],
  );
  return [position, measure] as const;
}
