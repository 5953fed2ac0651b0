// Test page for tests/e2e/data-grid.test.ts: the real DataGrid with 10,000 client-side rows and the real
// ServerDataGrid over a 1,000,000-row source answering startRow/endRow blocks, with the session the grids need.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { DataGrid } from '../../../src/ui/data-grid/data-grid';
import { ServerDataGrid, type ServerBlockParams } from '../../../src/ui/data-grid/server-data-grid';
import type { GridColumn } from '../../../src/ui/data-grid/types';
import { SessionContext, type Session } from '../../../src/ui/session-context';
import { matchesFilter } from '../../../src/domain/grid-filter';
import '../../../src/styles.css';

interface Reading {
  id: number;
  device: string;
  site: string;
  ch4: number;
  time: string;
}

const SITES = ['Badger Pad', 'Coyote Unit', 'Eagle Station', 'Hawk Well', 'Lynx Battery'];
const reading = (i: number): Reading => ({
  id: i,
  device: `QB-${String(i).padStart(7, '0')}`,
  site: `${SITES[i % SITES.length]} ${String((i * 7919) % 97).padStart(3, '0')}`,
  ch4: Math.round(((i * 2654435761) % 100000) / 10) / 100,
  time: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
});

const columns: GridColumn<Reading>[] = [
  { id: 'device', header: 'Device', value: (r) => r.device, hideable: false },
  { id: 'site', header: 'Site', value: (r) => r.site },
  { id: 'ch4', header: 'CH4 (ppm)', kind: 'number', value: (r) => r.ch4 },
  { id: 'time', header: 'Time', kind: 'date', value: (r) => r.time },
];

const SERVER_ROWS = 1_000_000;
const requests: { startRow: number; endRow: number; at: number }[] = [];

/** The in-page stand-in for a grid endpoint: sorts by index order, filters by the same rule the server uses. */
async function fetchBlock(p: ServerBlockParams) {
  requests.push({ startRow: p.startRow, endRow: p.endRow, at: performance.now() });
  await new Promise((r) => setTimeout(r, 20));
  const filters = Object.entries(p.filters);
  if (filters.length === 0) {
    const rows: Reading[] = [];
    for (let i = p.startRow; i < Math.min(p.endRow, SERVER_ROWS); i++)
      rows.push(reading(p.sort && !p.sort.ascending ? SERVER_ROWS - 1 - i : i));
    return { rows, totalRows: SERVER_ROWS };
  }
  // Filtered: scan a bounded prefix (enough for the test's narrow filters).
  const matched: Reading[] = [];
  for (let i = 0; i < 50_000; i++) {
    const r = reading(i);
    if (
      filters.every(([id, f]) =>
        matchesFilter(columns.find((c) => c.id === id)!.value(r), f, columns.find((c) => c.id === id)!.kind ?? 'text'),
      )
    )
      matched.push(r);
  }
  return { rows: matched.slice(p.startRow, p.endRow), totalRows: matched.length };
}

const session = {
  config: {},
  user: {
    userDetails: { userId: 1, userEmail: 'grid@example.com', isQubeUser: false, roleId: null },
    userOrganizations: [],
    roles: [],
    userSettings: { gridColumnVisibility: {}, ianaTimezoneId: 'UTC', timeFormat: '24-hr' },
  },
  organization: null,
  permissions: new Set<number>(),
  roleName: '',
  selectOrganization: () => undefined,
  logout: async () => undefined,
} as unknown as Session;

function Page() {
  const rows = useMemo(() => Array.from({ length: 10_000 }, (_, i) => reading(i)), []);
  return (
    <main className="grid gap-4 p-4">
      <h1 className="text-xl font-semibold">Grids at scale</h1>
      <section aria-label="Client grid">
        <DataGrid
          label="Client readings"
          gridKey="ClientReadings"
          columns={columns}
          rows={rows}
          getRowId={(r) => String(r.id)}
          searchPlaceholder="Search readings"
          height="40vh"
          exportName="Readings"
        />
      </section>
      <section aria-label="Server grid">
        <ServerDataGrid
          label="Server readings"
          gridKey="ServerReadings"
          columns={columns}
          getRowId={(r) => String(r.id)}
          fetchBlock={fetchBlock}
          blockSize={100}
          maxBlocks={3}
          height="40vh"
        />
      </section>
    </main>
  );
}

declare global {
  interface Window {
    gridRequests: typeof requests;
  }
}
window.gridRequests = requests;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext.Provider value={session}>
        <Page />
      </SessionContext.Provider>
    </QueryClientProvider>
  </StrictMode>,
);
