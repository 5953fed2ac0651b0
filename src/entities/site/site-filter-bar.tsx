// The filter bar of the analytics screens (spec 3 §2): Sites, Site Groups and More Filters, whose dialog holds every
// classification list of the site filter with Clear Filters, Close and Apply.
import { useState } from 'react';
import {
  activeFilterCount,
  EMPTY_SITE_FILTER,
  SITE_FILTER_KEYS,
  SITE_FILTER_LABELS,
  type SiteFilter,
  type SiteFilterKey,
} from '@/domain/site-filter';
import { Modal } from '../../ui/modal';
import { MultiSelect } from '../../ui/multi-select';
import { useSiteFilterOptions } from './use-site-filter';

function FilterSelect({
  filterKey,
  filter,
  onChange,
  label,
  enabled = true,
}: {
  filterKey: SiteFilterKey;
  filter: SiteFilter;
  onChange: (next: SiteFilter) => void;
  label?: string;
  enabled?: boolean;
}) {
  const options = useSiteFilterOptions(filterKey, filterKey === 'site' && filter.includeDeletedSites, enabled);
  return (
    <MultiSelect
      label={label ?? SITE_FILTER_LABELS[filterKey]}
      options={(options.data ?? []).map((o) => ({ id: o.id, label: o.deleted ? `${o.name} (deleted)` : o.name }))}
      selected={filter[filterKey]}
      onChange={(ids) => onChange({ ...filter, [filterKey]: ids })}
    />
  );
}

export function SiteFilterBar({ filter, onChange }: { filter: SiteFilter; onChange: (next: SiteFilter) => void }) {
  const [open, setOpen] = useState(false);
  const more = activeFilterCount({ ...filter, site: [], siteGroup: [] });
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Site filter">
      <FilterSelect filterKey="site" label="Sites" filter={filter} onChange={onChange} />
      <FilterSelect filterKey="siteGroup" filter={filter} onChange={onChange} />
      <button type="button" className="btn btn-sm btn-outline font-normal" onClick={() => setOpen(true)}>
        More Filters
        {more > 0 && <span className="badge badge-sm badge-primary">{more}</span>}
      </button>
      {open && <FiltersDialog filter={filter} onApply={onChange} onClose={() => setOpen(false)} />}
    </div>
  );
}

function FiltersDialog({
  filter,
  onApply,
  onClose,
}: {
  filter: SiteFilter;
  onApply: (next: SiteFilter) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(filter);
  return (
    <Modal open title="Filters" onClose={onClose} wide>
      <div className="grid gap-3 sm:grid-cols-2">
        {SITE_FILTER_KEYS.map((key) => (
          <div key={key} className="grid gap-1">
            <span className="text-sm font-medium">{SITE_FILTER_LABELS[key]}</span>
            <FilterSelect filterKey={key} filter={draft} onChange={setDraft} />
          </div>
        ))}
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={draft.includeDeletedSites}
            onChange={(e) => setDraft({ ...draft, includeDeletedSites: e.target.checked })}
          />
          Include deleted sites
        </label>
      </div>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={() => setDraft(EMPTY_SITE_FILTER)}>
          Clear Filters
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            onApply(draft);
            onClose();
          }}
        >
          Apply
        </button>
      </div>
    </Modal>
  );
}
