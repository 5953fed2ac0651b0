// A button that opens a panel below it: a press outside or Escape closes it (Escape stops there, so a dialog
// behind stays open). The panel is shown in the browser's top layer (the popover API), so no card, grid or scrolling
// container can draw over it or clip it, and it is placed in the viewport: aligned with the button, moved in from an
// edge it would run past, above the button when there is no room below (issue 25 'Layout').
import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useOutsideClick } from './hooks/use-outside-click';

interface Props {
  label: ReactNode;
  buttonClassName: string;
  /** 'true' for a menu of choices, 'dialog' for a panel with its own actions. */
  haspopup: 'true' | 'dialog';
  /** Size and look of the panel; 'right-0' aligns its right edge with the button's (else the left edges). */
  panelClassName: string;
  children: (close: () => void) => ReactNode;
}

/** Keep panels this far from the viewport's edges. */
const MARGIN = 8;
const GAP = 4;

export interface PanelPlacement {
  left: number;
  top: number;
  maxHeight: number;
}

/** Where a panel of the given size goes next to a button, inside a viewport (pure, for the unit test). */
export function placePanel(
  button: { left: number; right: number; top: number; bottom: number },
  panel: { width: number; height: number },
  viewport: { width: number; height: number },
  alignRight: boolean,
): PanelPlacement {
  const wanted = alignRight ? button.right - panel.width : button.left;
  const left = Math.max(MARGIN, Math.min(wanted, viewport.width - MARGIN - panel.width));
  const below = viewport.height - MARGIN - (button.bottom + GAP);
  const above = button.top - GAP - MARGIN;
  if (panel.height <= below || below >= above)
    return { left, top: button.bottom + GAP, maxHeight: Math.max(below, 120) };
  const height = Math.min(panel.height, above);
  return { left, top: button.top - GAP - height, maxHeight: above };
}

/** Tailwind position classes from the days the panel was absolutely positioned; the top layer places it now. */
const POSITION_CLASS = /^(absolute|relative|fixed|(left|right|top|bottom)-\S+|z-\S+|mt-\S+)$/;

export function Popover({ label, buttonClassName, haspopup, panelClassName, children }: Props) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<PanelPlacement | null>(null);
  const show = useCallback((next: boolean) => {
    setOpen(next);
    if (!next) setPlacement(null);
  }, []);
  const close = useCallback(() => show(false), [show]);
  useOutsideClick(ref, open, close);
  const alignRight = panelClassName.split(/\s+/).includes('right-0');
  const className = panelClassName
    .split(/\s+/)
    .filter((c) => !POSITION_CLASS.test(c))
    .join(' ');

  useLayoutEffect(() => {
    const panel = panelRef.current;
    const button = buttonRef.current;
    if (!open || !panel || !button) return;
    if (!panel.matches(':popover-open')) panel.showPopover();
    const place = () => {
      const b = button.getBoundingClientRect();
      // Measure without the previous height limit, so the panel can grow back when there is room again.
      panel.style.maxHeight = '';
      const p = panel.getBoundingClientRect();
      setPlacement(
        placePanel(
          b,
          { width: p.width, height: p.height },
          { width: window.innerWidth, height: window.innerHeight },
          alignRight,
        ),
      );
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open, alignRight]);

  const style: CSSProperties = {
    position: 'fixed',
    inset: 'auto',
    margin: 0,
    color: 'inherit',
    overflow: 'auto',
    left: placement?.left ?? 0,
    top: placement?.top ?? 0,
    maxHeight: placement?.maxHeight,
    // Hidden until placed, so it never flashes at the corner.
    visibility: placement ? 'visible' : 'hidden',
  };
  return (
    <div
      ref={ref}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          show(false);
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-haspopup={haspopup}
        onClick={() => show(!open)}
      >
        {label}
      </button>
      {open && (
        <div ref={panelRef} popover="manual" className={className} style={style}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
