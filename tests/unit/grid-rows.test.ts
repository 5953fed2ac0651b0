// The client-side grid's pure derivations: quick filters and search, the CSV of what is shown, and row selection.
import { describe, expect, it } from 'vitest';
import { gridCsv, gridViewSelection, narrowRows } from '@/ui/data-grid/grid-rows';
import type { GridColumn, QuickFilter } from '@/ui/data-grid/types';

interface Site {
  id: number;
  name: string;
  alias: string | null;
  devices: number;
  deleted: boolean;
}

const rows: Site[] = [
  { id: 1, name: 'Permian North', alias: 'PN', devices: 4, deleted: false },
  { id: 2, name: 'Bakken', alias: null, devices: 0, deleted: false },
  { id: 3, name: 'Eagle Ford', alias: 'perm-old', devices: 2, deleted: true },
];
const columns: GridColumn<Site>[] = [
  { id: 'name', header: 'Name', value: (s) => s.name },
  { id: 'alias', header: 'Alias', value: (s) => s.alias },
  { id: 'devices', header: 'Devices', kind: 'number', value: (s) => s.devices, exportValue: (s) => `${s.devices} dev` },
  { id: 'actions', header: 'Actions', value: () => 'x', noExport: true },
];
const quick: QuickFilter<Site>[] = [
  { id: 'withDevices', label: 'With Devices', predicate: (s) => s.devices > 0 },
  { id: 'live', label: 'Live', predicate: (s) => !s.deleted },
];

describe('narrowRows', () => {
  it('returns the same rows when nothing narrows them', () => {
    expect(narrowRows(rows, quick, new Set(), '  ', columns)).toBe(rows);
  });

  it('keeps rows every active quick filter keeps (AND)', () => {
    expect(narrowRows(rows, quick, new Set(['withDevices']), '', columns).map((s) => s.id)).toEqual([1, 3]);
    expect(narrowRows(rows, quick, new Set(['withDevices', 'live']), '', columns).map((s) => s.id)).toEqual([1]);
  });

  it('searches the shown text columns in any case, not number columns nor hidden ones', () => {
    expect(narrowRows(rows, quick, new Set(), 'PERM', columns).map((s) => s.id)).toEqual([1, 3]);
    expect(narrowRows(rows, quick, new Set(), 'perm', columns.slice(0, 1)).map((s) => s.id)).toEqual([1]);
    expect(narrowRows(rows, quick, new Set(), '4', columns)).toEqual([]);
  });
});

describe('gridCsv', () => {
  it('writes the shown columns less noExport ones, with export values, rows in the given order', () => {
    expect(gridCsv(columns, [rows[1]!, rows[0]!]).trim().split(/\r?\n/)).toEqual([
      'Name,Alias,Devices',
      'Bakken,,0 dev',
      'Permian North,PN,4 dev',
    ]);
  });
});

describe('gridViewSelection', () => {
  const shown = rows.map((s) => ({ id: String(s.id), original: s }));
  const canSelect = (s: Site) => !s.deleted;

  it('selects every selectable shown row, then clears them, keeping selections outside the view', () => {
    let selected: ReadonlySet<string> = new Set(['9']);
    const view = () => gridViewSelection({ selected, onChange: (n) => (selected = n), canSelect }, shown);
    expect(view().all).toBe(false);
    expect(view().some).toBe(false);
    view().toggleAll();
    expect([...selected].sort()).toEqual(['1', '2', '9']);
    expect(view().all).toBe(true);
    view().toggleAll();
    expect([...selected]).toEqual(['9']);
  });

  it('toggles one row and reports some but not all', () => {
    let selected: ReadonlySet<string> = new Set();
    const view = () => gridViewSelection({ selected, onChange: (n) => (selected = n), canSelect }, shown);
    view().toggle('2');
    expect(view().isSelected('2')).toBe(true);
    expect(view().some).toBe(true);
    expect(view().all).toBe(false);
    expect(view().canSelect(rows[2]!)).toBe(false);
    view().toggle('2');
    expect(selected.size).toBe(0);
  });
});
