// The Deployment Plan tab on the shared map (spec 3 §4): its placement lines and the proposed and mandatory devices,
// picked there; a click on a mandatory marker removes it. Drawing a line or a new spot for a proposed device.
import { useEffect, useRef } from 'react';
import {
  placementLinesLayer,
  placementPointsLayers,
  type PlacementPoint,
} from '@/entities/site/deployment-plan-layers';
import type { LngLat, SiteEditTabProps } from '../site-edit-context';
import { newKey, type Draft } from './plan-draft';

interface PlanMapOptions {
  map: SiteEditTabProps['map'];
  draft: Draft | null;
  proposed: readonly { key: string; position: LngLat }[];
  selectedKey: string | null;
  onSelect: SiteEditTabProps['onSelect'];
  edit: (next: (d: Draft) => Draft) => void;
}

export function usePlanMap({ map, draft, proposed, selectedKey, onSelect, edit }: PlanMapOptions) {
  const removeMandatory = (key: string) => {
    edit((d) => ({ ...d, mandatory: d.mandatory.filter((m) => m.key !== key) }));
    onSelect(null);
  };
  const makeMandatory = (position: LngLat) => {
    edit((d) => ({ ...d, mandatory: [...d.mandatory, { key: newKey('mandatory'), position }] }));
    onSelect(null);
  };

  // The layers are made once per change of what they show; their clicks read the handlers of the latest render.
  const mandatoryKeys = new Set(draft?.mandatory.map((m) => m.key));
  const handlers = useRef({ removeMandatory, onSelect, mandatoryKeys });
  handlers.current = { removeMandatory, onSelect, mandatoryKeys };
  const lines = draft?.lines;
  const mandatory = draft?.mandatory;
  useEffect(() => {
    if (!lines || !mandatory) return;
    const points: PlacementPoint[] = [
      ...proposed.map((p, i) => ({ key: p.key, position: p.position, mandatory: false, label: `D${i + 1}` })),
      ...mandatory.map((m, i) => ({ key: m.key, position: m.position, mandatory: true, label: `M${i + 1}` })),
    ];
    map.setLayers('DeploymentPlan', [
      placementLinesLayer(lines, selectedKey, (key) =>
        handlers.current.onSelect({ type: 'DevicePlacementLine', id: key }),
      ),
      ...placementPointsLayers(points, selectedKey, (key) => {
        // Clicking a mandatory marker removes it (spec 3 §4); a proposed one is selected, to be made mandatory.
        if (handlers.current.mandatoryKeys.has(key)) handlers.current.removeMandatory(key);
        else handlers.current.onSelect({ type: 'DevicePlacementPoint', id: key });
      }),
    ]);
  }, [map, lines, mandatory, proposed, selectedKey]);
  useEffect(() => () => map.setLayers('DeploymentPlan', []), [map]);

  return {
    removeMandatory,
    makeMandatory,
    drawLine: () =>
      map.startDrawing('line', (g) => {
        if (g.kind !== 'line' || g.path.length < 2) return;
        const key = newKey('line');
        edit((d) => ({ ...d, lines: [...d.lines, { key, path: g.path }] }));
        onSelect({ type: 'DevicePlacementLine', id: key });
      }),
    moveProposed: () =>
      map.startDrawing('point', (g) => {
        if (g.kind === 'point') makeMandatory(g.position);
      }),
    deleteLine: (key: string) => {
      edit((d) => ({ ...d, lines: d.lines.filter((x) => x.key !== key) }));
      if (selectedKey === key) onSelect(null);
    },
  };
}
