// Create Inspections' list of drafts: a row per draft with its checkbox, origin and label, Valid or Invalid with its
// problems, and Edit and Remove; the header's checkbox selects them all.
import { RowAction } from '../../ui/data-grid/row-actions';
import type { Draft, DraftRow } from './inspection-drafts';

export function InspectionDraftsTable({
  rows,
  allSelected,
  labelOf,
  onSelectAll,
  onSelect,
  onEdit,
  onRemove,
}: {
  rows: DraftRow[];
  allSelected: boolean;
  labelOf: (d: Draft) => string;
  onSelectAll: (checked: boolean) => void;
  onSelect: (key: number, checked: boolean) => void;
  onEdit: (d: Draft) => void;
  onRemove: (key: number) => void;
}) {
  return (
    <div
      className="max-h-96 overflow-auto rounded border border-base-300"
      tabIndex={0}
      role="region"
      aria-label="Inspection drafts"
    >
      <table className="table table-sm">
        <thead className="text-base-content">
          <tr>
            <th>
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                aria-label="Select all inspections"
                checked={allSelected}
                onChange={(e) => onSelectAll(e.target.checked)}
              />
            </th>
            <th>Inspection</th>
            <th>Status</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ draft: d, problems }) => (
            <tr key={d.key} className="align-top">
              <td>
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  aria-label={`Select ${d.origin}`}
                  checked={d.selected}
                  onChange={(e) => onSelect(d.key, e.target.checked)}
                />
              </td>
              <td>
                <span className="block font-medium">{d.origin}</span>
                <span className="block text-xs text-base-content/80">{labelOf(d)}</span>
              </td>
              <td>
                <DraftStatus origin={d.origin} problems={problems} />
              </td>
              <td className="whitespace-nowrap text-right">
                <RowAction label="Edit" name={`Edit ${d.origin}`} onClick={() => onEdit(d)} />
                <RowAction label="Remove" name={`Remove ${d.origin}`} onClick={() => onRemove(d.key)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Valid, or Invalid with the list of the draft's problems. */
function DraftStatus({ origin, problems }: { origin: string; problems: string[] }) {
  if (problems.length === 0) return <span className="badge badge-success badge-sm">Valid</span>;
  return (
    <>
      <span className="badge badge-error badge-sm">Invalid</span>
      <ul className="mt-1 list-disc pl-4 text-xs text-error" aria-label={`Problems of ${origin}`}>
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </>
  );
}
