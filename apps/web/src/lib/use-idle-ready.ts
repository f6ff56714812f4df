import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/** False until the page has loaded and the browser has been idle once (see whenIdle), then true. */
export function useIdleReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return ready;
}
