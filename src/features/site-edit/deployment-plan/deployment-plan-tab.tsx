// The Deployment Plan tab of the Site edit screen (spec 3 §3 'Deployment plan', §4, §5, §9): placement lines drawn on
// the shared map, mandatory points, the device budget and wind source, Preview (the optimizer, unsaved) and Save,
// the coverage scores, the history of the saved and the latest unsaved revision, the wind rose and the PDF export.
import { useEffect, useMemo, useRef, useState } from 'react';
import { GENERIC_ERROR } from '@/api/client';
import { FormAlert } from '@/ui/form/form-alert';
import { formErrorsOf } from '@/ui/form/form-errors';
import {
  placementLinesLayer,
  placementPointsLayers,
  type PlacementPoint,
} from '@/entities/site/deployment-plan-layers';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toasts';
import type { DevicePlacementResult, PlanSource, SavedDeploymentPlan } from '@/contracts/deployment-plan';
import {
  budgetTooltip,
  DEFAULT_DEVICE_BUDGET,
  DEPLOYMENT_PLAN_OUTDATED_TOOLTIP,
  DEPLOYMENT_PLAN_SAVED,
  devicePlacementRequestSchema,
  MAX_DEVICE_BUDGET,
  MAX_NOTES_LENGTH,
  MIN_DEVICE_BUDGET,
  RELATIVE_IMPORTANCE,
  scoreBand,
  scoreOf,
  sourceCountWarnings,
  WIND_SOURCE_GROUPS,
  windSiteLabel,
  type DevicePlacementRequest,
  type DevicePlacementRequestInput,
  type PlanLngLat,
} from '@/domain/deployment-plan';
import { formatDateTime } from '@/domain/format';
import type { LngLat, SiteEditTabProps } from '../site-edit-context';
import { usePreviewPlacement, useDeploymentPlanForSite, useSaveDeploymentPlan, useWindSourceOptions } from './api';
import { WindRose } from '@/ui/chart/wind-rose/wind-rose';

interface Draft {
  deviceBudget: string;
  windSiteId: number | null;
  lines: { key: string; path: LngLat[] }[];
  mandatory: { key: string; position: LngLat }[];
  notes: string;
}
/** The request as the form holds it: an empty budget box is a missing budget. */
type FormRequest = Omit<DevicePlacementRequestInput, 'deviceBudget'> & { deviceBudget: number | undefined };
interface Run {
  request: DevicePlacementRequest;
  result: DevicePlacementResult;
  by: string;
}

let nextKey = 1;
const newKey = (prefix: string) => `${prefix}-new-${nextKey++}`;
const tuple = (p: PlanLngLat | LngLat): LngLat => [p[0], p[1]];

function draftOf(plan: SavedDeploymentPlan | null | undefined, defaultWindSiteId: number | null): Draft {
  if (!plan)
    return {
      deviceBudget: String(DEFAULT_DEVICE_BUDGET),
      windSiteId: defaultWindSiteId,
      lines: [],
      mandatory: [],
      notes: '',
    };
  const r = plan.request;
  return {
    deviceBudget: String(r.deviceBudget),
    windSiteId: r.windSource && 'siteId' in r.windSource ? r.windSource.siteId : null,
    lines: r.possiblePlacements.map((path, i) => ({ key: `line-${i + 1}`, path: path.map(tuple) })),
    mandatory: r.mandatoryPlacements.map((p, i) => ({ key: `mandatory-${i + 1}`, position: tuple(p) })),
    notes: plan.notes,
  };
}

function requestOf(siteId: number, d: Draft): FormRequest {
  const budget = d.deviceBudget.trim() === '' ? Number.NaN : Number(d.deviceBudget);
  return {
    siteId,
    // An empty box is missing, so the rule's 'required' message applies.
    deviceBudget: Number.isNaN(budget) ? undefined : budget,
    windSource: d.windSiteId === null ? null : { siteId: d.windSiteId },
    mandatoryPlacements: d.mandatory.map((m) => m.position),
    possiblePlacements: d.lines.map((l) => l.path),
    notes: d.notes,
  };
}

const sameRequest = (a: FormRequest, b: FormRequest) =>
  JSON.stringify({ ...a, notes: a.notes ?? '' }) === JSON.stringify({ ...b, notes: b.notes ?? '' });

const BAND_CLASS = {
  poor: 'badge-error',
  fair: 'badge-warning',
  good: 'badge-info',
  excellent: 'badge-success',
} as const;

function ScoreBadge({ coverage }: { coverage: number }) {
  const score = scoreOf(coverage);
  const band = scoreBand(score);
  return (
    <span className={`badge badge-sm ${BAND_CLASS[band]}`} title={`${band} (0 poor to 5 excellent)`}>
      {score.toFixed(1)} · {band}
    </span>
  );
}

export function DeploymentPlanTab({ site, map, onDirtyChange, selected, onSelect }: SiteEditTabProps) {
  const { user } = useSession();
  const { ianaTimezoneId: timeZone, timeFormat } = user.userSettings;
  const toast = useToast();
  const planQuery = useDeploymentPlanForSite(site.organizationId, site.id);
  const windQuery = useWindSourceOptions(site.organizationId, site.id);
  const preview = usePreviewPlacement(site.organizationId);
  const save = useSaveDeploymentPlan(site.organizationId, site.id);

  const saved = planQuery.data?.plan ?? null;
  const sources: PlanSource[] = useMemo(() => planQuery.data?.sources ?? [], [planQuery.data]);
  const windOptions = windQuery.data?.siteSources ?? [];
  const defaultWindSiteId = windOptions.find((o) => o.id === site.id)?.id ?? windOptions[0]?.id ?? null;

  const [draft, setDraft] = useState<Draft | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const [changed, setChanged] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; general: string | null }>({
    fields: {},
    general: null,
  });
  const [exporting, setExporting] = useState(false);

  // The form starts from the saved plan (or the defaults) once both answers are in, and again after a save.
  const loadedFor = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (!planQuery.data || !windQuery.data) return;
    const id = planQuery.data.plan?.id ?? null;
    if (loadedFor.current === id) return;
    loadedFor.current = id;
    setDraft(draftOf(planQuery.data.plan, defaultWindSiteId));
    setChanged(false);
  }, [planQuery.data, windQuery.data, defaultWindSiteId]);

  const savedRequest = useMemo(
    () => (saved ? requestOf(site.id, draftOf(saved, null)) : requestOf(site.id, draftOf(null, defaultWindSiteId))),
    [saved, site.id, defaultWindSiteId],
  );
  const request = draft ? requestOf(site.id, draft) : null;
  const dirty = request !== null && !sameRequest(request, savedRequest);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  // What the coverage figures describe: the latest run when there is one, else the saved plan; nothing after an edit.
  const shown: DevicePlacementResult | null = changed ? null : (run?.result ?? saved?.result ?? null);
  const lastResult = run?.result ?? saved?.result ?? null;

  const edit = (next: (d: Draft) => Draft) => {
    setDraft((d) => (d ? next(d) : d));
    setChanged(true);
    setErrors({ fields: {}, general: null });
  };

  const proposed: { key: string; position: LngLat }[] = useMemo(
    () =>
      lastResult
        ? lastResult.devicePlacements.flatMap((p, i) =>
            lastResult.mandatory[i] ? [] : [{ key: `proposed-${i + 1}`, position: tuple(p) }],
          )
        : [],
    [lastResult],
  );
  const mandatoryKeys = new Set(draft?.mandatory.map((m) => m.key));
  const selectedKey =
    selected && (selected.type === 'DevicePlacementLine' || selected.type === 'DevicePlacementPoint')
      ? String(selected.id)
      : null;
  const selectedProposed = proposed.find((p) => p.key === selectedKey) ?? null;

  const removeMandatory = (key: string) => {
    edit((d) => ({ ...d, mandatory: d.mandatory.filter((m) => m.key !== key) }));
    onSelect(null);
  };
  const makeMandatory = (position: LngLat) => {
    edit((d) => ({ ...d, mandatory: [...d.mandatory, { key: newKey('mandatory'), position }] }));
    onSelect(null);
  };

  // The map shows this tab's features only through the shell's shared map.
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

  const drawLine = () =>
    map.startDrawing('line', (g) => {
      if (g.kind !== 'line' || g.path.length < 2) return;
      const key = newKey('line');
      edit((d) => ({ ...d, lines: [...d.lines, { key, path: g.path }] }));
      onSelect({ type: 'DevicePlacementLine', id: key });
    });
  const moveProposed = () =>
    map.startDrawing('point', (g) => {
      if (g.kind === 'point') makeMandatory(g.position);
    });

  const validate = (): DevicePlacementRequest | null => {
    if (!request) return null;
    const parsed = devicePlacementRequestSchema.safeParse(request);
    if (parsed.success) return parsed.data;
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key && !fields[key]) fields[key] = issue.message;
    }
    setErrors({ fields, general: Object.keys(fields).length ? null : GENERIC_ERROR });
    return null;
  };

  const onPreview = async () => {
    const r = validate();
    if (!r) return;
    setErrors({ fields: {}, general: null });
    try {
      const result = await preview.mutateAsync(r);
      setRun({ request: r, result, by: user.userDetails.userEmail });
      setChanged(false);
    } catch (e) {
      setErrors(formErrorsOf(e));
    }
  };
  const onSave = async () => {
    const r = validate();
    if (!r) return;
    setErrors({ fields: {}, general: null });
    try {
      const answer = await save.mutateAsync(r);
      setRun(null);
      setChanged(false);
      // The saved plan reloads; the form takes it as its new starting point.
      loadedFor.current = answer.plan.id;
      toast(DEPLOYMENT_PLAN_SAVED);
    } catch (e) {
      setErrors(formErrorsOf(e));
    }
  };

  const windLabel = (siteId: number | null) => {
    const o = windOptions.find((w) => w.id === siteId);
    return o
      ? windSiteLabel(o)
      : siteId === null
        ? ''
        : (saved?.devicePlacementRequestWindSourceDetails &&
            windSiteLabel(saved.devicePlacementRequestWindSourceDetails)) ||
          '';
  };

  const onExport = async () => {
    const result = shown;
    if (!result || !draft) return;
    setExporting(true);
    try {
      const { exportDeploymentPlanPdf } = await import('./export-pdf');
      const usedRequest = run && !changed ? run.request : savedRequest;
      await exportDeploymentPlanPdf({
        organizationName: site.organizationName,
        siteName: site.name,
        siteLocation: site.location,
        result,
        lines: usedRequest.possiblePlacements.map((l) => l.map(tuple)),
        sources,
        windSource: windLabel(
          usedRequest.windSource && 'siteId' in usedRequest.windSource ? usedRequest.windSource.siteId : null,
        ),
        notes: usedRequest.notes ?? '',
        modelRunAtText: formatDateTime(result.modelRunAt, timeZone, timeFormat),
      });
    } catch {
      setErrors({ fields: {}, general: 'The PDF could not be made. Please try again.' });
    } finally {
      setExporting(false);
    }
  };

  if (planQuery.isPending || windQuery.isPending || (!draft && !planQuery.isError && !windQuery.isError))
    return <Spinner label="Loading the deployment plan" />;
  if (planQuery.isError || windQuery.isError || !draft)
    return <FormAlert message={(planQuery.error ?? windQuery.error)?.message ?? GENERIC_ERROR} />;

  const warnings = [...new Set([...sourceCountWarnings(sources.length), ...(shown?.messages ?? [])])];
  const busy = preview.isPending || save.isPending;
  const sourceName = new Map(sources.map((s) => [s.id, s.name]));
  const budgetNumber = Number(draft.deviceBudget);
  const stepBudget = (delta: number) =>
    edit((d) => ({
      ...d,
      deviceBudget: String(
        Math.min(
          MAX_DEVICE_BUDGET,
          Math.max(MIN_DEVICE_BUDGET, (Number.isFinite(budgetNumber) ? budgetNumber : DEFAULT_DEVICE_BUDGET) + delta),
        ),
      ),
    }));
  const tipResult = changed ? null : lastResult;
  const disabled = site.deleted || busy;

  const column = (kind: 'saved' | 'unsaved') => {
    const src =
      kind === 'saved'
        ? saved
          ? {
              request: saved.request,
              result: saved.result,
              by: saved.modifiedByUserEmail,
              at: saved.modifiedAt,
              notes: saved.notes,
            }
          : null
        : run && !changed
          ? {
              request: run.request,
              result: run.result,
              by: run.by,
              at: run.result.modelRunAt,
              notes: run.request.notes ?? '',
            }
          : null;
    if (!src) return null;
    const ws = src.request.windSource && 'siteId' in src.request.windSource ? src.request.windSource.siteId : null;
    return {
      time: formatDateTime(kind === 'saved' ? src.at : src.result.modelRunAt, timeZone, timeFormat),
      by: src.by,
      score: scoreOf(src.result.totalCoverage).toFixed(1),
      sources: String(src.result.sourceCoverage.length),
      devices: String(src.result.devicePlacements.length),
      wind: windLabel(ws),
      notes: src.notes || '—',
    };
  };
  const savedCol = column('saved');
  const unsavedCol = column('unsaved');
  const historyRows: [string, keyof NonNullable<typeof savedCol>][] = [
    ['Modified Time', 'time'],
    ['Modified By', 'by'],
    ['Score', 'score'],
    ['Sources', 'sources'],
    ['Devices', 'devices'],
    ['Wind Data Source', 'wind'],
    ['Notes', 'notes'],
  ];

  return (
    <div className="flex flex-col gap-4" data-testid="deployment-plan-tab">
      {site.deleted && (
        <p className="alert alert-warning py-2">This site has been deleted; its deployment plan cannot be changed.</p>
      )}
      {saved && !saved.isValid && (
        <p className="alert alert-warning py-2" role="status">
          {DEPLOYMENT_PLAN_OUTDATED_TOOLTIP}
        </p>
      )}

      <form
        className="flex flex-col gap-3"
        aria-label="Deployment plan"
        onSubmit={(e) => {
          e.preventDefault();
          void onPreview();
        }}
      >
        <div className="flex flex-wrap items-start gap-4">
          <label className="form-control">
            <span className="label-text mb-1 text-sm font-medium">Device budget</span>
            <div className="join">
              <span
                className="tooltip"
                data-tip={budgetTooltip(
                  'less',
                  tipResult?.totalCoverage ?? null,
                  tipResult?.totalCoverageWithOneLessDevice ?? null,
                )}
              >
                <button
                  type="button"
                  className="btn btn-sm join-item"
                  aria-label="One less device"
                  disabled={disabled || budgetNumber <= MIN_DEVICE_BUDGET}
                  onClick={() => stepBudget(-1)}
                >
                  −
                </button>
              </span>
              <input
                className={`input input-sm join-item w-20 text-center ${errors.fields.deviceBudget ? 'input-error' : ''}`}
                inputMode="numeric"
                aria-label="Device budget"
                aria-invalid={Boolean(errors.fields.deviceBudget)}
                value={draft.deviceBudget}
                disabled={disabled}
                onChange={(e) => edit((d) => ({ ...d, deviceBudget: e.target.value }))}
              />
              <span
                className="tooltip"
                data-tip={budgetTooltip(
                  'more',
                  tipResult?.totalCoverage ?? null,
                  tipResult?.totalCoverageWithOneMoreDevice ?? null,
                )}
              >
                <button
                  type="button"
                  className="btn btn-sm join-item"
                  aria-label="One more device"
                  disabled={disabled || budgetNumber >= MAX_DEVICE_BUDGET}
                  onClick={() => stepBudget(1)}
                >
                  +
                </button>
              </span>
            </div>
            {errors.fields.deviceBudget && (
              <span className="mt-1 text-sm text-error">{errors.fields.deviceBudget}</span>
            )}
          </label>

          <label className="form-control min-w-64 flex-1">
            <span className="label-text mb-1 text-sm font-medium">Wind source</span>
            <select
              className={`select select-sm w-full ${errors.fields.windSource ? 'select-error' : ''}`}
              aria-invalid={Boolean(errors.fields.windSource)}
              value={draft.windSiteId ?? ''}
              disabled={disabled}
              onChange={(e) =>
                edit((d) => ({ ...d, windSiteId: e.target.value === '' ? null : Number(e.target.value) }))
              }
            >
              <option value="">Choose a wind source</option>
              {windOptions.length > 0 && (
                <optgroup label={WIND_SOURCE_GROUPS.site}>
                  {windOptions.map((o) => (
                    <option key={o.id} value={o.id}>
                      {windSiteLabel(o)}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
            {windOptions.length === 0 && (
              <span className="mt-1 text-sm opacity-70">No site of this organization has wind data yet.</span>
            )}
            {errors.fields.windSource && <span className="mt-1 text-sm text-error">{errors.fields.windSource}</span>}
          </label>
        </div>

        <section aria-labelledby="placement-lines-title" className="flex flex-col gap-2">
          <div className="flex items-center justify-between">
            <h3 id="placement-lines-title" className="font-semibold">
              Placement lines
            </h3>
            <button type="button" className="btn btn-sm" onClick={drawLine} disabled={disabled}>
              Draw line
            </button>
          </div>
          {draft.lines.length === 0 ? (
            <p className="text-sm opacity-70">
              Draw lines on the map where devices can be placed (click to add points, double-click to finish).
            </p>
          ) : (
            <ul className="flex flex-col gap-1" aria-label="Placement lines">
              {draft.lines.map((l, i) => (
                <li
                  key={l.key}
                  className={`flex items-center justify-between rounded px-2 py-1 ${selectedKey === l.key ? 'bg-base-300' : 'bg-base-200'}`}
                >
                  <button
                    type="button"
                    className="link link-hover text-left text-sm"
                    onClick={() => onSelect({ type: 'DevicePlacementLine', id: l.key })}
                  >
                    Line {i + 1} ({l.path.length} points)
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    aria-label={`Delete line ${i + 1}`}
                    disabled={disabled}
                    onClick={() => {
                      edit((d) => ({ ...d, lines: d.lines.filter((x) => x.key !== l.key) }));
                      if (selectedKey === l.key) onSelect(null);
                    }}
                  >
                    Delete
                  </button>
                </li>
              ))}
            </ul>
          )}
          {errors.fields.possiblePlacements && (
            <span className="text-sm text-error">{errors.fields.possiblePlacements}</span>
          )}
        </section>

        <section aria-labelledby="mandatory-title" className="flex flex-col gap-2">
          <h3 id="mandatory-title" className="font-semibold">
            Devices
          </h3>
          {selectedProposed && (
            <div className="flex flex-wrap items-center gap-2 rounded bg-base-200 p-2 text-sm">
              <span>Proposed device selected.</span>
              <button
                type="button"
                className="btn btn-xs"
                disabled={disabled}
                onClick={() => makeMandatory(selectedProposed.position)}
              >
                Make mandatory
              </button>
              <button type="button" className="btn btn-xs" disabled={disabled} onClick={moveProposed}>
                Move to a new spot
              </button>
            </div>
          )}
          {proposed.length > 0 && (
            <ul className="flex max-h-48 flex-col gap-1 overflow-auto" aria-label="Proposed devices" tabIndex={0}>
              {proposed.map((p, i) => (
                <li
                  key={p.key}
                  className={`flex items-center justify-between rounded px-2 py-1 text-sm ${selectedKey === p.key ? 'bg-base-300' : 'bg-base-200'}`}
                >
                  <button
                    type="button"
                    className="link link-hover text-left"
                    onClick={() => onSelect({ type: 'DevicePlacementPoint', id: p.key })}
                  >
                    D{i + 1}: {p.position[1].toFixed(6)}, {p.position[0].toFixed(6)}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    aria-label={`Make D${i + 1} mandatory`}
                    disabled={
                      disabled ||
                      draft.mandatory.some((m) => m.position[0] === p.position[0] && m.position[1] === p.position[1])
                    }
                    onClick={() => makeMandatory(p.position)}
                  >
                    Make mandatory
                  </button>
                </li>
              ))}
            </ul>
          )}
          {draft.mandatory.length === 0 ? (
            <p className="text-sm opacity-70">
              Select a proposed device on the map to keep it or move it; mandatory devices are always placed. Click a
              mandatory marker to remove it.
            </p>
          ) : (
            <ul className="flex flex-col gap-1" aria-label="Mandatory placements">
              {draft.mandatory.map((m, i) => (
                <li key={m.key} className="flex items-center justify-between rounded bg-base-200 px-2 py-1 text-sm">
                  <span>
                    M{i + 1}: {m.position[1].toFixed(6)}, {m.position[0].toFixed(6)}
                  </span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    aria-label={`Remove mandatory placement ${i + 1}`}
                    disabled={disabled}
                    onClick={() => removeMandatory(m.key)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          {errors.fields.mandatoryPlacements && (
            <span className="text-sm text-error">{errors.fields.mandatoryPlacements}</span>
          )}
        </section>

        <label className="form-control">
          <span className="label-text mb-1 text-sm font-medium">Notes</span>
          <textarea
            className="textarea textarea-sm w-full"
            rows={2}
            maxLength={MAX_NOTES_LENGTH}
            value={draft.notes}
            disabled={disabled}
            onChange={(e) => edit((d) => ({ ...d, notes: e.target.value }))}
          />
        </label>

        {warnings.map((w) => (
          <p key={w} className="alert alert-warning py-2 text-sm">
            {w}
          </p>
        ))}
        <FormAlert message={errors.general} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary btn-sm" disabled={disabled}>
            {preview.isPending ? 'Running…' : 'Preview'}
          </button>
          <button type="button" className="btn btn-sm" disabled={disabled} onClick={() => void onSave()}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={!shown || exporting}
            onClick={() => void onExport()}
          >
            {exporting ? 'Exporting…' : 'Export PDF'}
          </button>
        </div>
      </form>

      {shown ? (
        <section aria-labelledby="coverage-title" className="flex flex-col gap-2">
          <h3 id="coverage-title" className="font-semibold">
            Coverage
          </h3>
          <p className="text-sm">
            Total score <ScoreBadge coverage={shown.totalCoverage} /> ({(shown.totalCoverage * 100).toFixed(1)}%
            weighted coverage, {shown.devicePlacements.length} devices)
          </p>
          {shown.sourceCoverage.length > 0 && (
            <table className="table table-xs" aria-label="Source scores">
              <thead className="text-base-content">
                <tr>
                  <th>Source</th>
                  <th>Importance</th>
                  <th>Score</th>
                </tr>
              </thead>
              <tbody>
                {shown.sourceCoverage.map((s) => (
                  <tr key={s.id}>
                    <td>{sourceName.get(s.id) ?? `Source ${s.id}`}</td>
                    <td>
                      {RELATIVE_IMPORTANCE.find(
                        (r) => r.value === sources.find((x) => x.id === s.id)?.relativeImportance,
                      )?.name ?? ''}
                    </td>
                    <td>
                      <ScoreBadge coverage={s.coverage} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <WindRose rose={shown.windRoseProbability} />
        </section>
      ) : (
        <p className="text-sm opacity-70">
          {changed
            ? 'The plan changed: run Preview to see its coverage.'
            : 'No plan yet: draw placement lines and run Preview.'}
        </p>
      )}

      <section aria-labelledby="history-title">
        <h3 id="history-title" className="mb-1 font-semibold">
          History
        </h3>
        <table className="table table-xs" aria-label="Deployment plan history">
          <thead className="text-base-content">
            <tr>
              <th scope="col">
                <span className="sr-only">Field</span>
              </th>
              <th scope="col">Saved</th>
              <th scope="col">Latest unsaved</th>
            </tr>
          </thead>
          <tbody>
            {historyRows.map(([label, key]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                <td>{savedCol ? savedCol[key] : key === 'time' ? 'Not saved yet' : ''}</td>
                <td>{unsavedCol ? unsavedCol[key] : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
