import { useEffect, useLayoutEffect, useRef, type MutableRefObject } from 'react';
import { useElementSize } from '@mantine/hooks';
import type { CropRecipe, EditValues } from '@studio-gallery/contract';
import { CANVAS2D_SHARPEN_AFTER_MS, createRenderer, PreviewScheduler, type EditRenderer, type SkinGate } from '../lib/renderer';
import classes from './edit-modal.module.css';

export interface EditorStageProps {
  bitmap: ImageBitmap;
  /** What to show: the adjusted photo, or (null) the original, for compare. */
  values: EditValues | null;
  /** Shown cropped (fractions of the photo); null shows all of it. */
  crop: CropRecipe | null;
  skinGate: SkinGate | null;
  /** The modal exports through the same renderer. */
  rendererRef: MutableRefObject<EditRenderer | null>;
  /** Set to a function that paints the latest values and returns the preview as a JPEG (the crop view's picture). */
  snapshotRef?: MutableRefObject<(() => Promise<PreviewSnapshot | null>) | null>;
  label: string;
}

const CANVAS2D_SETTLE_MS = CANVAS2D_SHARPEN_AFTER_MS + 50;

export interface PreviewSnapshot {
  blob: Blob;
  width: number;
  height: number;
}

interface Frame {
  /** The visible box (CSS px), centred in the stage. */
  boxWidth: number;
  boxHeight: number;
  /** The canvas (CSS px) and its offset inside the box: a crop shows part of the canvas. */
  canvasWidth: number;
  canvasHeight: number;
  left: number;
  top: number;
}

export function frameFor(stage: { width: number; height: number }, image: { width: number; height: number }, crop: CropRecipe | null): Frame | null {
  if (stage.width <= 0 || stage.height <= 0) return null;
  const part = crop ?? { x: 0, y: 0, width: 1, height: 1 };
  const aspect = (part.width * image.width) / (part.height * image.height);
  const boxWidth = Math.min(stage.width, stage.height * aspect);
  const boxHeight = boxWidth / aspect;
  const canvasWidth = boxWidth / part.width;
  const canvasHeight = boxHeight / part.height;
  return { boxWidth, boxHeight, canvasWidth, canvasHeight, left: -part.x * canvasWidth, top: -part.y * canvasHeight };
}

/**
 * The live preview: one display-sized canvas the renderer paints (WebGL2, or Canvas 2D without it).
 * A slider move asks PreviewScheduler for a frame: at most one render per animation frame, of the
 * latest value, so the preview never builds a queue behind the slider.
 */
export function EditorStage({ bitmap, values, crop, skinGate, rendererRef, snapshotRef, label }: EditorStageProps) {
  const { ref: stageRef, width, height } = useElementSize<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frame = frameFor({ width, height }, bitmap, crop);
  const scheduler = useRef<PreviewScheduler | null>(null);
  const latest = useRef(values);

  // A layout effect, before the one that paints: a new picture (another background, a rebuilt base)
  // gets its renderer first and is then painted in the same commit, not left unpainted until some
  // later change asks for a frame (issue 22: the stage showed the previous background).
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const renderer = createRenderer(canvas);
    renderer.setSource(bitmap);
    rendererRef.current = renderer;
    scheduler.current = new PreviewScheduler((next) => renderer.render(next));
    return () => {
      scheduler.current?.dispose();
      scheduler.current = null;
      renderer.dispose();
      if (rendererRef.current === renderer) rendererRef.current = null;
    };
  }, [bitmap, rendererRef]);

  const backing = frame ? backingSize(frame, bitmap) : null;
  const backingWidth = backing?.width ?? 0;
  const backingHeight = backing?.height ?? 0;

  useEffect(() => {
    if (!snapshotRef) return;
    snapshotRef.current = async () => {
      // Canvas 2D paints quick drafts while values change: let it settle into the full preview first.
      if (rendererRef.current?.kind === 'canvas2d') await new Promise((resolve) => setTimeout(resolve, CANVAS2D_SETTLE_MS));
      const canvas = canvasRef.current;
      const renderer = rendererRef.current;
      if (!canvas || !renderer) return null;
      // Drawn and copied in the same task: a WebGL canvas's buffer is only readable until it is shown.
      renderer.render(latest.current);
      const { width, height } = canvas;
      return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob ? { blob, width, height } : null), 'image/jpeg', 0.92));
    };
    return () => {
      snapshotRef.current = null;
    };
  }, [snapshotRef, rendererRef]);

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const renderer = rendererRef.current;
    latest.current = values;
    if (!canvas || !renderer || backingWidth === 0) return;
    if (canvas.width !== backingWidth || canvas.height !== backingHeight) {
      canvas.width = backingWidth;
      canvas.height = backingHeight;
    }
    renderer.setSkinGate(skinGate);
    scheduler.current?.request(values);
  }, [bitmap, values, skinGate, backingWidth, backingHeight, rendererRef]);

  return (
    <div ref={stageRef} className={classes.stage}>
      {/* One canvas for the stage's whole life: the renderer is bound to it. */}
      <div
        className={classes.frame}
        data-circle={crop?.preset === 'circle' || undefined}
        style={frame ? { width: frame.boxWidth, height: frame.boxHeight } : { visibility: 'hidden' }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={label}
          data-testid="edit-preview"
          className={classes.canvas}
          style={frame ? { width: frame.canvasWidth, height: frame.canvasHeight, left: frame.left, top: frame.top } : undefined}
        />
      </div>
    </div>
  );
}

/** The canvas's pixels: its CSS size at the screen's density, never more than the photo has. */
function backingSize(frame: Frame, image: { width: number; height: number }) {
  const density = typeof window === 'undefined' ? 1 : Math.min(window.devicePixelRatio || 1, 2);
  const scale = Math.min(1, (frame.canvasWidth * density) / image.width);
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}
