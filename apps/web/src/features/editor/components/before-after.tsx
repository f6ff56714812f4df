import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import classes from './before-after.module.css';

export interface BeforeAfterProps {
  beforeUrl: string;
  afterUrl: string;
  /** What is compared, for assistive technology (e.g. "AI retouch"). */
  label: string;
}

const KEY_STEP = 2;
const KEY_BIG_STEP = 10;

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/**
 * Before and after in one box (spec §4 "AI retouch"): both images fill it (object-fit contain), the
 * after image shows right of a divider that is dragged (mouse, pen or touch) or moved with ←/→.
 * Fills its parent, which must have a height.
 */
export function BeforeAfter({ beforeUrl, afterUrl, label }: BeforeAfterProps) {
  const [position, setPosition] = useState(50);
  const dragPointer = useRef<number | null>(null);

  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) setPosition(clamp(((event.clientX - box.left) / box.width) * 100));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    dragPointer.current = event.pointerId;
    // Keeps the moves coming when the pointer leaves the box (jsdom has no pointer capture).
    if ('setPointerCapture' in event.currentTarget) event.currentTarget.setPointerCapture(event.pointerId);
    moveTo(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragPointer.current === event.pointerId) moveTo(event);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (dragPointer.current === event.pointerId) dragPointer.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_BIG_STEP : KEY_STEP;
    const next: Record<string, number> = { ArrowLeft: position - step, ArrowDown: position - step, ArrowRight: position + step, ArrowUp: position + step, Home: 0, End: 100 };
    const value = next[event.key];
    if (value === undefined) return;
    event.preventDefault();
    setPosition(clamp(value));
  };

  const rounded = Math.round(position);
  return (
    <div
      className={classes.root}
      role="group"
      aria-label={label}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onLostPointerCapture={onPointerEnd}
      data-testid="before-after"
    >
      <img className={classes.image} src={beforeUrl} alt={`${label}: before`} draggable={false} />
      <img className={classes.image} src={afterUrl} alt={`${label}: after`} draggable={false} style={{ clipPath: `inset(0 0 0 ${position}%)` }} />
      <span className={`${classes.label} ${classes.labelBefore}`} aria-hidden>
        Before
      </span>
      <span className={`${classes.label} ${classes.labelAfter}`} aria-hidden>
        After
      </span>
      <div className={classes.divider} style={{ left: `${position}%` }} aria-hidden />
      <div
        className={classes.handle}
        style={{ left: `${position}%` }}
        role="slider"
        tabIndex={0}
        aria-label="Before and after divider"
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={`${rounded}% before, ${100 - rounded}% after`}
        onKeyDown={onKeyDown}
      >
        <IconArrowsHorizontal size={18} aria-hidden />
      </div>
    </div>
  );
}
