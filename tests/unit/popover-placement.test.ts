import { describe, expect, it } from 'vitest';
import { placePanel } from '@/ui/popover';

const viewport = { width: 1440, height: 900 };
const button = (left: number, top: number, width = 140, height = 32) => ({
  left,
  right: left + width,
  top,
  bottom: top + height,
});

describe('popover placement', () => {
  it('aligns the panel with its button below it when there is room', () => {
    expect(placePanel(button(100, 80), { width: 288, height: 300 }, viewport, false)).toMatchObject({
      left: 100,
      top: 116,
    });
    // Right-aligned menus line up with the button's right edge.
    expect(placePanel(button(600, 80), { width: 288, height: 300 }, viewport, true).left).toBe(740 - 288);
  });

  it("moves a panel in from the right edge (the site dashboard's Show/Hide Widgets at 1440 px)", () => {
    const p = placePanel(button(1290, 80), { width: 288, height: 600 }, viewport, false);
    expect(p.left + 288).toBeLessThanOrEqual(viewport.width - 8);
    expect(p.left).toBeGreaterThanOrEqual(8);
  });

  it('opens above a button near the bottom, and limits the height to the room there is', () => {
    const low = placePanel(button(100, 800), { width: 288, height: 400 }, viewport, false);
    expect(low.top + Math.min(400, low.maxHeight)).toBeLessThanOrEqual(800);
    const tall = placePanel(button(100, 80), { width: 288, height: 2000 }, viewport, false);
    expect(tall.top).toBe(116);
    expect(tall.top + tall.maxHeight).toBeLessThanOrEqual(viewport.height - 8);
  });
});
