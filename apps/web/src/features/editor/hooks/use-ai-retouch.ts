import { useCallback, useEffect, useRef, useState } from 'react';
import { editorMessages, type RetouchRecipe } from '@studio-gallery/contract';
import { isApiError } from '../../../lib/api-client';
import { retouchPortrait } from '../api/retouch-portrait';

/**
 * The simulated progress of the AI retouch (spec §4 "AI retouch", §8): from 0 it climbs `step` points
 * every `tickMs` until `cap` while the server works, then jumps to 100 when the answer arrives.
 */
export const AI_RETOUCH_PROGRESS = { tickMs: 800, cap: 95, step: 5 } as const;

export type AiRetouchState = 'idle' | 'processing' | 'done' | 'failed';

export interface AiRetouchResult {
  /** The retouched JPEG. */
  blob: Blob;
  /** An object URL of `blob`, revoked when the result is dropped (cancel, a new start, unmount). */
  url: string;
  /** editorMessages.portraitRetouched, or editorMessages.retouchNoFace (the image came back unchanged). */
  message: string;
  /** The strength and controls it was made with (the edit recipe's `retouch`). */
  recipe: RetouchRecipe;
}

export interface AiRetouch {
  state: AiRetouchState;
  /** 0..100 */
  progress: number;
  result: AiRetouchResult | null;
  /** The failure's message (editorMessages.processFailed) while state is 'failed'. */
  error: string | null;
  start: (image: Blob, recipe: RetouchRecipe) => void;
  /** Aborts a call in flight and drops any result: back to idle. */
  cancel: () => void;
}

interface Snapshot {
  state: AiRetouchState;
  progress: number;
  result: AiRetouchResult | null;
  error: string | null;
}

const IDLE: Snapshot = { state: 'idle', progress: 0, result: null, error: null };

/** The AI retouch's state machine: idle → processing → done | failed (spec §4, §8). */
export function useAiRetouch(): AiRetouch {
  const [snapshot, setSnapshot] = useState<Snapshot>(IDLE);
  const controllerRef = useRef<AbortController | null>(null);

  // The simulated progress, while the call is in flight.
  const processing = snapshot.state === 'processing';
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => {
      setSnapshot((s) => (s.state === 'processing' ? { ...s, progress: Math.min(AI_RETOUCH_PROGRESS.cap, s.progress + AI_RETOUCH_PROGRESS.step) } : s));
    }, AI_RETOUCH_PROGRESS.tickMs);
    return () => clearInterval(timer);
  }, [processing]);

  // Each result's object URL lives as long as the result does.
  const result = snapshot.result;
  useEffect(() => {
    if (!result) return;
    return () => URL.revokeObjectURL(result.url);
  }, [result]);

  // Unmounting aborts a call in flight.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = useCallback((image: Blob, recipe: RetouchRecipe) => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setSnapshot({ state: 'processing', progress: 0, result: null, error: null });
    retouchPortrait({ image, ...recipe, signal: controller.signal }).then(
      ({ blob, message }) => {
        if (controllerRef.current !== controller) return;
        controllerRef.current = null;
        setSnapshot({ state: 'done', progress: 100, result: { blob, url: URL.createObjectURL(blob), message, recipe }, error: null });
      },
      (error: unknown) => {
        if (controllerRef.current !== controller) return;
        controllerRef.current = null;
        // A photo over the AI tools' pixel bound is refused with its own message: retrying cannot help.
        const tooLarge = isApiError(error) && error.message === editorMessages.aiImageTooLarge;
        setSnapshot({ state: 'failed', progress: 0, result: null, error: tooLarge ? editorMessages.aiImageTooLarge : editorMessages.processFailed });
      },
    );
  }, []);

  const cancel = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setSnapshot(IDLE);
  }, []);

  return { ...snapshot, start, cancel };
}
