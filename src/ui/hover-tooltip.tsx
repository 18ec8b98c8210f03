import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Props of {@link HoverTooltip}. */
export interface HoverTooltipProps {
  /** The accessible name of the trigger (e.g. 'Summary'). */
  readonly label: string;
  /** The trigger's icon. */
  readonly children: ReactNode;
  readonly content: ReactNode;
  readonly className?: string;
}

/** Spec 001 §9: 'Tooltip hover delay 250 ms'. */
export const tooltipHoverDelayMs = 250;

/**
 * An icon with a tooltip on hover (after {@link tooltipHoverDelayMs}) or at once on keyboard
 * focus (a key press is already a deliberate request). The tooltip is portalled to the body with
 * fixed coordinates, so the virtualized table's scroller does not clip it.
 */
export function HoverTooltip({ label, children, content, className = '' }: HoverTooltipProps) {
  const id = useId();
  const trigger = useRef<HTMLSpanElement>(null);
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  const show = () => {
    const box = trigger.current?.getBoundingClientRect();
    if (box) setAt({ left: Math.min(box.left, window.innerWidth - 400), top: box.bottom + 4 });
  };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  const showAfterDelay = () => {
    cancel();
    timer.current = setTimeout(show, tooltipHoverDelayMs);
  };
  const hide = () => {
    cancel();
    setAt(null);
  };
  useEffect(() => cancel, []);
  return (
    <>
      <span
        ref={trigger}
        role="img"
        tabIndex={-1}
        aria-label={label}
        aria-describedby={at ? id : undefined}
        onMouseEnter={showAfterDelay}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        className={`inline-flex shrink-0 cursor-help items-center ${className}`}
      >
        {children}
      </span>
      {at &&
        createPortal(
          <div
            id={id}
            role="tooltip"
            style={{ left: at.left, top: at.top }}
            className="pointer-events-none fixed z-50 max-w-sm rounded-md border border-slate-200 bg-white px-3 py-2 text-xs text-slate-700 shadow-lg"
          >
            {content}
          </div>,
          document.body,
        )}
    </>
  );
}
