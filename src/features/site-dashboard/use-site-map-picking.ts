// What the pointer does on the site map: a hover shows the first layer group's text for what is under it in a tooltip;
// a click goes to the first group that handles it.
import { useState } from 'react';
import type { MapPick } from '@/ui/map/map-view';

export interface MapTooltipAt {
  text: string;
  x: number;
  y: number;
}

type HoverText = (pick: MapPick | null) => string | null | undefined;
type Click = (pick: MapPick) => boolean;

/** Hover texts and click handlers in order of precedence. */
export function useSiteMapPicking(hoverTexts: readonly HoverText[], clicks: readonly Click[]) {
  const [hovered, setHovered] = useState<MapTooltipAt | null>(null);
  const onHover = (pick: MapPick | null) => {
    const text = hoverTexts.reduce<string | null | undefined>(
      (found, hoverText) => found ?? hoverText(pick),
      undefined,
    );
    setHovered(text && pick ? { text, x: pick.x, y: pick.y } : null);
  };
  const onClick = (pick: MapPick) => {
    clicks.some((click) => click(pick));
  };
  return { hovered, onHover, onClick };
}
