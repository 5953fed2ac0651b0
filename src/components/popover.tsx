// A button that opens a panel below it: a press outside or Escape closes it (Escape stops there, so a dialog
// behind stays open).
import { useRef, useState, type ReactNode } from 'react';
import { useOutsideClick } from './use-outside-click';

interface Props {
  label: ReactNode;
  buttonClassName: string;
  /** 'true' for a menu of choices, 'dialog' for a panel with its own actions. */
  haspopup: 'true' | 'dialog';
  panelClassName: string;
  children: (close: () => void) => ReactNode;
}

export function Popover({ label, buttonClassName, haspopup, panelClassName, children }: Props) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = () => setOpen(false);
  useOutsideClick(ref, open, close);
  return (
    <div
      ref={ref}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button type="button" className={buttonClassName} aria-expanded={open} aria-haspopup={haspopup} onClick={() => setOpen((o) => !o)}>
        {label}
      </button>
      {open && <div className={panelClassName}>{children(close)}</div>}
    </div>
  );
}
