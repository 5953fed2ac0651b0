// The Deployment Plan tab of the Site edit screen (spec 3 §3 'Deployment plan', §4, §5, §9): placement lines drawn on
// the shared map, mandatory points, the device budget and wind source, Preview (the optimizer, unsaved) and Save,
// the coverage scores, the history of the saved and the latest unsaved revision, the wind rose and the PDF export.
import { useMemo } from 'react';
import { GENERIC_ERROR } from '@/api/client';
import { DEPLOYMENT_PLAN_OUTDATED_TOOLTIP, MAX_NOTES_LENGTH, sourceCountWarnings } from '@/domain/deployment-plan';
import { FormAlert } from '@/ui/form/form-alert';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import type { SiteEditTabProps } from '../site-edit-context';
import { DeviceBudgetField, WindSourceField } from './plan-fields';
import { historyColumn, proposedPlacements } from './plan-draft';
import { PlacementLinesSection, PlanDevicesSection } from './plan-placements';
import { CoverageSection, PlanHistory } from './plan-results';
import { useDeploymentPlanForm } from './use-deployment-plan-form';
import { usePlanMap } from './use-plan-map';
import { usePlanPdfExport } from './use-plan-pdf-export';

export function DeploymentPlanTab({ site, map, onDirtyChange, selected, onSelect }: SiteEditTabProps) {
  const { ianaTimezoneId: timeZone, timeFormat } = useSession().user.userSettings;
  const plan = useDeploymentPlanForm(site, onDirtyChange);
  const { draft, edit, errors, shown, saved } = plan;
  const proposed = useMemo(() => proposedPlacements(plan.lastResult), [plan.lastResult]);
  const selectedKey =
    selected && (selected.type === 'DevicePlacementLine' || selected.type === 'DevicePlacementPoint')
      ? String(selected.id)
      : null;
  const placing = usePlanMap({ map, draft, proposed, selectedKey, onSelect, edit });
  const pdf = usePlanPdfExport(site, plan);

  const { planQuery, windQuery } = plan;
  if (planQuery.isPending || windQuery.isPending || (!draft && !planQuery.isError && !windQuery.isError))
    return <Spinner label="Loading the deployment plan" />;
  if (planQuery.isError || windQuery.isError || !draft)
    return <FormAlert message={(planQuery.error ?? windQuery.error)?.message ?? GENERIC_ERROR} />;

  const warnings = [...new Set([...sourceCountWarnings(plan.sources.length), ...(shown?.messages ?? [])])];
  const disabled = site.deleted || plan.previewing || plan.saving;
  const time = { timeZone, timeFormat };

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
          void plan.runPreview();
        }}
      >
        <div className="flex flex-wrap items-start gap-4">
          <DeviceBudgetField
            value={draft.deviceBudget}
            onChange={(deviceBudget) => edit((d) => ({ ...d, deviceBudget }))}
            error={errors.fields.deviceBudget}
            disabled={disabled}
            tipResult={plan.changed ? null : plan.lastResult}
          />
          <WindSourceField
            value={draft.windSiteId}
            onChange={(windSiteId) => edit((d) => ({ ...d, windSiteId }))}
            options={plan.windOptions}
            error={errors.fields.windSource}
            disabled={disabled}
          />
        </div>
        <PlacementLinesSection
          lines={draft.lines}
          selectedKey={selectedKey}
          disabled={disabled}
          error={errors.fields.possiblePlacements}
          onDraw={placing.drawLine}
          onSelect={onSelect}
          onDelete={placing.deleteLine}
        />
        <PlanDevicesSection
          proposed={proposed}
          mandatory={draft.mandatory}
          selectedKey={selectedKey}
          disabled={disabled}
          error={errors.fields.mandatoryPlacements}
          onSelect={onSelect}
          onMakeMandatory={placing.makeMandatory}
          onMoveProposed={placing.moveProposed}
          onRemoveMandatory={placing.removeMandatory}
        />
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
            {plan.previewing ? 'Running…' : 'Preview'}
          </button>
          <button type="button" className="btn btn-sm" disabled={disabled} onClick={() => void plan.runSave()}>
            {plan.saving ? 'Saving…' : 'Save'}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={!shown || pdf.exporting}
            onClick={() => void pdf.exportPdf()}
          >
            {pdf.exporting ? 'Exporting…' : 'Export PDF'}
          </button>
        </div>
      </form>

      {shown ? (
        <CoverageSection shown={shown} sources={plan.sources} />
      ) : (
        <p className="text-sm opacity-70">
          {plan.changed
            ? 'The plan changed: run Preview to see its coverage.'
            : 'No plan yet: draw placement lines and run Preview.'}
        </p>
      )}
      <PlanHistory
        saved={historyColumn({ kind: 'saved', plan: saved }, plan.windLabel, time)}
        unsaved={historyColumn({ kind: 'unsaved', run: plan.run, changed: plan.changed }, plan.windLabel, time)}
      />
    </div>
  );
}
