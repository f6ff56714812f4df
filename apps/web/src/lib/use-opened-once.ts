import { useState } from 'react';

/**
 * True from the first render in which `opened` is true, and from then on. A dialog whose code loads
 * lazily mounts then and stays mounted, so it plays its closing transition and opens at once the next
 * time; until it is first wanted, its code is not even downloaded.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [openedOnce, setOpenedOnce] = useState(opened);
  if (opened && !openedOnce) setOpenedOnce(true);
  return openedOnce || opened;
}
