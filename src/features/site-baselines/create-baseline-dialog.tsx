// Create New Baseline (spec 3 §2, §4, §5, §8): the three types with their inputs, Calculate on the server, the result
// invalidated by any change of input, Save only with a valid calculation, the EPA warnings, 'Baseline created'.
import type { SiteBaselineListRow } from '@/contracts/emission';
import { BASELINE_MESSAGES, BASELINE_TYPE_LABELS, BaselineType } from '@/domain/site-baseline';
import { FormAlert } from '@/ui/form/form-alert';
import { Modal } from '@/ui/modal';
import { BaselineCalculation } from './baseline-calculation';
import { BaselineField, BaselineTypeInputs, ExcludedActivities } from './baseline-inputs';
import { useCreateBaselineForm } from './use-create-baseline';

export function CreateBaselineDialog({
  sites,
  initialSiteId,
  onClose,
}: {
  sites: readonly SiteBaselineListRow[];
  initialSiteId: number | null;
  onClose: () => void;
}) {
  const form = useCreateBaselineForm(sites, initialSiteId, onClose);
  const { register, err, type } = form;
  return (
    <Modal open title="Create New Baseline" onClose={onClose} wide>
      <form className="grid gap-3" onSubmit={(e) => void form.save(e)} noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <BaselineField label="Site" error={err('siteId')}>
            <select className="select select-sm w-full" aria-label="Site" {...register('siteId')}>
              <option value="">Choose a site</option>
              {sites.map((s) => (
                <option key={s.siteId} value={s.siteId}>
                  {s.siteName}
                </option>
              ))}
            </select>
          </BaselineField>
          <BaselineField label="Baseline Type" error={err('baselineType')}>
            <select className="select select-sm w-full" aria-label="Baseline Type" {...register('baselineType')}>
              <option value="">Choose a type</option>
              {Object.entries(BASELINE_TYPE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </BaselineField>
        </div>
        {form.notEpa && (
          <p role="alert" className="alert alert-warning text-sm">
            {BASELINE_MESSAGES.notEpaSite}
          </p>
        )}
        <BaselineTypeInputs form={form} />
        {(type === BaselineType.SiteAverage || type === BaselineType.Epa30DayAverage) && (
          <ExcludedActivities form={form} />
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <BaselineField label="Effective From" error={err('effectiveFrom')}>
            <input
              type="date"
              className="input input-sm w-full"
              aria-label="Effective From"
              {...register('effectiveFrom')}
            />
          </BaselineField>
          <BaselineField label="Effective To (blank: active until replaced)" error={err('effectiveTo')}>
            <input
              type="date"
              className="input input-sm w-full"
              aria-label="Effective To"
              {...register('effectiveTo')}
            />
          </BaselineField>
        </div>
        <BaselineCalculation form={form} />
        <FormAlert message={form.saveError} />
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!form.result || form.saving}>
            {form.saving && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
