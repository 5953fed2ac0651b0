// Add Site / Edit Site's parts (spec 3 §5 'Site form'): a select of options by id, the option
// fields of the chosen organization (business unit, asset area, groups, country and the lists under it), and the
// question before a site moves to another organization.
import { Controller, type FieldPath } from 'react-hook-form';
import type { SiteOptions } from '@/contracts/site';
import type { SiteForm } from '@/domain/site-form';
import type { SiteDialogForm } from './use-site-dialog-form';
import { LabelField } from '@/ui/form/label-field';

type IdField = Extract<
  FieldPath<SiteForm>,
  | 'countryId'
  | 'stateProvinceId'
  | 'regulationId'
  | 'regulatorySiteTypeId'
  | 'genericSiteTypeId'
  | 'basinId'
  | 'industrySegmentId'
  | 'fluidTypeId'
>;

/** One of the option lists, by id ('—' for none); `after` runs once the value changed. */
function IdSelect({
  site,
  name,
  label,
  list,
  disabled,
  after,
}: {
  site: SiteDialogForm;
  name: IdField;
  label: string;
  list: readonly { id: number; name: string }[];
  disabled?: boolean;
  after?: () => void;
}) {
  const error = site.err(name);
  return (
    <LabelField label={label} error={error}>
      <Controller
        control={site.form.control}
        name={name}
        render={({ field: f }) => (
          <select
            className={`select w-full ${error ? 'select-error' : ''}`}
            value={f.value ?? ''}
            disabled={disabled}
            aria-invalid={Boolean(error)}
            onChange={(e) => {
              f.onChange(e.target.value === '' ? null : Number(e.target.value));
              after?.();
            }}
          >
            <option value="">—</option>
            {list.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        )}
      />
    </LabelField>
  );
}

const blankAsNull = (v: string) => (v?.trim() ? v : null);

/** The fields whose choices come from the organization's options. */
export function SiteOptionFields({ site, o }: { site: SiteDialogForm; o: SiteOptions }) {
  const { register } = site.form;
  const { addOnly, countryId, states, regulations } = site;
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <LabelField label="Business Unit" error={site.err('businessUnit')}>
          <input
            className="input w-full"
            list="site-business-units"
            {...register('businessUnit', { setValueAs: blankAsNull })}
          />
        </LabelField>
        <LabelField label="Asset/Area" error={site.err('assetArea')}>
          <input
            className="input w-full"
            list="site-asset-areas"
            {...register('assetArea', { setValueAs: blankAsNull })}
          />
        </LabelField>
        <datalist id="site-business-units">
          {o.businessUnits.map((b) => (
            <option key={b} value={b} />
          ))}
        </datalist>
        <datalist id="site-asset-areas">
          {o.assetAreas.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
      </div>
      <SiteGroupsField site={site} groups={o.siteGroups} />
      <div className="grid gap-3 sm:grid-cols-2">
        <IdSelect
          site={site}
          name="countryId"
          label="Country"
          list={o.countries}
          disabled={addOnly}
          after={() => site.clear('countryId')}
        />
        <IdSelect
          site={site}
          name="stateProvinceId"
          label="State/Province"
          list={states}
          disabled={addOnly || countryId === null || states.length === 0}
        />
        <IdSelect
          site={site}
          name="regulationId"
          label="Regulation"
          list={regulations}
          disabled={addOnly || countryId === null || regulations.length === 0}
          after={() => site.clear('regulationId')}
        />
        <IdSelect
          site={site}
          name="regulatorySiteTypeId"
          label="Regulatory Site Type"
          list={o.regulatorySiteTypes}
          disabled={addOnly || site.regulationId === null}
        />
        <IdSelect site={site} name="genericSiteTypeId" label="Generic Site Type" list={o.genericSiteTypes} />
        <IdSelect site={site} name="basinId" label="Basin" list={o.basins} />
        <IdSelect site={site} name="industrySegmentId" label="Industry Segment" list={o.industrySegments} />
        <IdSelect site={site} name="fluidTypeId" label="Fluid Type" list={o.fluidTypes} />
      </div>
    </>
  );
}

function SiteGroupsField({ site, groups }: { site: SiteDialogForm; groups: SiteOptions['siteGroups'] }) {
  return (
    <fieldset className="rounded-box border border-base-300 p-3">
      <legend className="px-1 text-sm font-medium">Groups</legend>
      {groups.length === 0 ? (
        <p className="text-sm text-base-content/70">This organization has no site groups yet.</p>
      ) : (
        <Controller
          control={site.form.control}
          name="siteGroupIds"
          render={({ field: f }) => (
            <div className="flex max-h-32 flex-wrap gap-x-4 gap-y-1 overflow-auto">
              {groups.map((g) => (
                <label key={g.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-xs"
                    checked={f.value.includes(g.id)}
                    onChange={(e) =>
                      f.onChange(e.target.checked ? [...f.value, g.id] : f.value.filter((x) => x !== g.id))
                    }
                  />
                  {g.name}
                </label>
              ))}
            </div>
          )}
        />
      )}
    </fieldset>
  );
}

/** Moving a site to another organization is asked first. */
export function MoveSiteQuestion({ question }: { question: NonNullable<SiteDialogForm['moveQuestion']> }) {
  return (
    <div>
      <p className="text-base-content/80">{question.text}</p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={question.cancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-warning" onClick={question.confirm}>
          Move site
        </button>
      </div>
    </div>
  );
}
