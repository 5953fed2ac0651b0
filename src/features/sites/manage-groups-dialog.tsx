// Manage Site Groups (spec 1 §2, §8, §9): the groups with their usage counts; add, rename and delete (with the
// warning of what loses the group).
import { useState } from 'react';
import type { SiteGroupRow } from '@/contracts/site';
import { deleteGroupWarning, siteGroupNameSchema } from '@/domain/site-form';
import { RowAction } from '@/ui/data-grid/row-actions';
import { formErrorsOf } from '@/ui/form/form-errors';
import { ConfirmDialog, Modal } from '@/ui/modal';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toasts';
import { useDeleteSiteGroup, useSaveSiteGroup, useSiteGroups } from './api/sites';

function GroupNameForm({
  initial,
  label,
  onSubmit,
  onCancel,
  busy,
}: {
  initial: string;
  label: string;
  onSubmit: (name: string) => Promise<string | null>;
  onCancel: () => void;
  busy: boolean;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="flex flex-wrap items-start gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = siteGroupNameSchema.safeParse(name);
        if (!parsed.success) return setError(parsed.error.issues[0]!.message);
        void onSubmit(parsed.data).then(setError);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <label className="form-control">
        <span className="sr-only">{label}</span>
        <input
          className={`input input-sm w-56 ${error ? 'input-error' : ''}`}
          placeholder="Group name"
          aria-label={label}
          aria-invalid={Boolean(error)}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
        {error && <span className="mt-1 text-xs text-error">{error}</span>}
      </label>
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        Save
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

export function ManageGroupsDialog({
  organizationId,
  canEdit,
  onClose,
}: {
  organizationId: number;
  canEdit: boolean;
  onClose: () => void;
}) {
  const groups = useSiteGroups(organizationId);
  const save = useSaveSiteGroup();
  const remove = useDeleteSiteGroup();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<SiteGroupRow | null>(null);

  const submit = async (id: number, name: string): Promise<string | null> => {
    try {
      await save.mutateAsync({ id, name, organizationId });
      toast(id === 0 ? 'Site group added' : 'Site group renamed', 'success');
      setAdding(false);
      setRenaming(null);
      return null;
    } catch (e) {
      const mapped = formErrorsOf(e);
      return mapped.fields.name ?? mapped.general;
    }
  };

  return (
    <Modal open title="Manage Site Groups" onClose={onClose} wide>
      <div className="flex h-[70vh] flex-col gap-3">
        {canEdit &&
          (adding ? (
            <GroupNameForm
              initial=""
              label="New group name"
              busy={save.isPending}
              onSubmit={(n) => submit(0, n)}
              onCancel={() => setAdding(false)}
            />
          ) : (
            <button type="button" className="btn btn-sm btn-primary self-start" onClick={() => setAdding(true)}>
              Add Group
            </button>
          ))}
        {groups.isPending ? (
          <Spinner label="Loading site groups" />
        ) : groups.error ? (
          <p className="alert alert-error" role="alert">
            {groups.error.message}
          </p>
        ) : (
          <SiteGroupsTable
            groups={groups.data}
            renaming={renaming}
            canEdit={canEdit}
            busy={save.isPending}
            onRename={setRenaming}
            onSubmitName={submit}
            onDelete={setDeleting}
          />
        )}
        <div className="modal-action mt-auto">
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        message={deleting ? deleteGroupWarning(deleting) : ''}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const g = deleting!;
          remove.mutate(
            { id: g.id, organizationId },
            {
              onSuccess: () => toast('Site group deleted', 'success'),
              onError: (e) => toast(e.message, 'error'),
              onSettled: () => setDeleting(null),
            },
          );
        }}
      />
    </Modal>
  );
}

const COUNT_COLUMNS = [
  ['# Sites', 'siteCount'],
  ['# Notification Subscriptions', 'notificationSubscriptionCount'],
  ['# Api Keys', 'apiKeyCount'],
  ['# Push Integrations', 'integrationCount'],
] as const;

/** The groups with what uses each, a group's name turning into its rename form; Rename and Delete per group. */
function SiteGroupsTable({
  groups,
  renaming,
  canEdit,
  busy,
  onRename,
  onSubmitName,
  onDelete,
}: {
  groups: readonly SiteGroupRow[];
  renaming: number | null;
  canEdit: boolean;
  busy: boolean;
  onRename: (id: number | null) => void;
  onSubmitName: (id: number, name: string) => Promise<string | null>;
  onDelete: (group: SiteGroupRow) => void;
}) {
  return (
    <div className="max-h-[50vh] overflow-auto rounded-box border border-base-300">
      <table className="table table-sm table-pin-rows">
        <thead>
          <tr>
            <th scope="col">Name</th>
            {COUNT_COLUMNS.map(([header]) => (
              <th key={header} scope="col" className="text-right">
                {header}
              </th>
            ))}
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.length === 0 && (
            <tr>
              <td colSpan={6} className="py-6 text-center text-base-content/70">
                This organization has no site groups yet.
              </td>
            </tr>
          )}
          {groups.map((g) => (
            <tr key={g.id}>
              <td>
                {renaming === g.id ? (
                  <GroupNameForm
                    initial={g.name}
                    label={`Rename ${g.name}`}
                    busy={busy}
                    onSubmit={(n) => onSubmitName(g.id, n)}
                    onCancel={() => onRename(null)}
                  />
                ) : (
                  g.name
                )}
              </td>
              {COUNT_COLUMNS.map(([header, key]) => (
                <td key={header} className="text-right tabular-nums">
                  {g[key]}
                </td>
              ))}
              <td className="whitespace-nowrap text-right">
                {canEdit && renaming !== g.id && (
                  <>
                    <RowAction label="Rename" name={`Rename ${g.name}`} onClick={() => onRename(g.id)} />
                    <RowAction
                      label="Delete"
                      name={`Delete ${g.name}`}
                      className="text-error"
                      onClick={() => onDelete(g)}
                    />
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
