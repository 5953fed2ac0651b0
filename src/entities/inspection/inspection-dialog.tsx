// Add or Edit Inspection (spec 3 §2 'Inspections dialogs'): a new inspection, or a saved one to edit and delete;
// read-only for users without the write permission. DraftInspectionDialog edits a draft of Create Inspections in the
// same form without saving it.
import { useState } from 'react';
import type { Inspection, InspectionSites } from '@/contracts/inspection';
import {
  emptyInspectionForm,
  INSPECTION_MESSAGES,
  inspectionIsoToLocal,
  inspectionLocalToIso,
  type InspectionFormValues,
  type InspectionInput,
  type InspectionType,
  type SurveyType,
} from '@/domain/inspection';
import { formErrorsOf } from '../../ui/form/form-errors';
import { ConfirmDialog, Modal } from '../../ui/modal';
import { useSession } from '../../ui/session-context';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toasts';
import {
  useDeleteInspection,
  useInspection,
  useInspectionImageUrl,
  useInspectionSites,
  useSaveInspection,
} from './api';
import { InspectionForm } from './inspection-form';

function formOf(i: Inspection | InspectionInput, timeZone: string): InspectionFormValues {
  return {
    siteId: i.siteId,
    type: i.type as InspectionType | null,
    time: inspectionIsoToLocal(i.time, timeZone),
    detectionFound: i.detectionFound,
    emissionRate: i.emissionRate,
    emissionConcentration: i.emissionConcentration,
    locationLatLng: i.locationLatLng,
    sourceId: i.sourceId,
    surveyType: i.surveyType as SurveyType | null,
    inspectedByUserId: i.inspectedByUserId,
    thirdPartyInspectionId: i.thirdPartyInspectionId,
    description: i.description,
    northEastCornerLocationLatLng: i.northEastCornerLocationLatLng,
    southWestCornerLocationLatLng: i.southWestCornerLocationLatLng,
  };
}

/** The form's values as the calls take them: the typed time as an ISO instant; the image only when changed. */
export function inputOf(values: InspectionFormValues, timeZone: string, id: number | null): InspectionInput {
  const { image, ...rest } = values;
  return { ...rest, id, time: inspectionLocalToIso(values.time, timeZone), ...(image === undefined ? {} : { image }) };
}

function Loading({
  sites,
  children,
}: {
  sites: ReturnType<typeof useInspectionSites>;
  children: (sites: InspectionSites) => React.ReactNode;
}) {
  if (sites.isPending) return <Spinner label="Loading sites" />;
  if (sites.error)
    return (
      <p className="alert alert-error" role="alert">
        {sites.error.message}
      </p>
    );
  return <>{children(sites.data)}</>;
}

export function InspectionDialog({
  organizationId,
  inspectionId,
  canEdit,
  onClose,
}: {
  organizationId: number;
  inspectionId: number | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { user } = useSession();
  const timeZone = user.userSettings.ianaTimezoneId;
  const sites = useInspectionSites(organizationId);
  const saved = useInspection(organizationId, inspectionId);
  const image = useInspectionImageUrl(organizationId, inspectionId, saved.data?.hasImage ?? false);
  const save = useSaveInspection();
  const remove = useDeleteInspection();
  const toast = useToast();
  const [general, setGeneral] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const isNew = inspectionId === null;
  const title = isNew ? 'Add Inspection' : canEdit ? 'Edit Inspection' : 'Inspection';

  async function submit(values: InspectionFormValues): Promise<Record<string, string> | undefined> {
    setGeneral(null);
    try {
      await save.mutateAsync({ organizationId, ...inputOf(values, timeZone, inspectionId) });
      toast(isNew ? INSPECTION_MESSAGES.added : INSPECTION_MESSAGES.edited, 'success');
      onClose();
      return undefined;
    } catch (error) {
      const mapped = formErrorsOf(error);
      setGeneral(mapped.general);
      return mapped.fields;
    }
  }
  async function confirmDelete() {
    setDeleteError(null);
    try {
      await remove.mutateAsync({ organizationId, inspectionId: inspectionId! });
      toast(INSPECTION_MESSAGES.deleted, 'success');
      onClose();
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Modal open title={title} onClose={onClose} wide>
      {!isNew && saved.isPending ? (
        <Spinner label="Loading inspection" />
      ) : saved.error ? (
        <p className="alert alert-error" role="alert">
          {saved.error.message}
        </p>
      ) : (
        <Loading sites={sites}>
          {(choices) => (
            <InspectionForm
              sites={choices}
              initial={saved.data ? formOf(saved.data, timeZone) : emptyInspectionForm()}
              savedImageUrl={image.url}
              readOnly={!canEdit}
              general={general}
              busy={save.isPending}
              submitLabel="Save"
              onSubmit={submit}
              onCancel={onClose}
              extraActions={
                !isNew && canEdit ? (
                  <button type="button" className="btn btn-error btn-outline" onClick={() => setConfirming(true)}>
                    Delete
                  </button>
                ) : null
              }
            />
          )}
        </Loading>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete Inspection"
        message={INSPECTION_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </Modal>
  );
}

/** Edits one draft of Create Inspections; nothing is saved until the drafts are created. */
export function DraftInspectionDialog({
  organizationId,
  draft,
  onSave,
  onClose,
}: {
  organizationId: number;
  draft: InspectionInput | null;
  onSave: (input: InspectionInput) => void;
  onClose: () => void;
}) {
  const { user } = useSession();
  const timeZone = user.userSettings.ianaTimezoneId;
  const sites = useInspectionSites(organizationId);
  return (
    <Modal open title={draft ? 'Edit Inspection' : 'Add Inspection'} onClose={onClose} wide>
      <Loading sites={sites}>
        {(choices) => (
          <InspectionForm
            sites={choices}
            initial={draft ? { ...formOf(draft, timeZone), image: draft.image ?? null } : emptyInspectionForm()}
            savedImageUrl={null}
            readOnly={false}
            general={null}
            busy={false}
            submitLabel={draft ? 'Update' : 'Add'}
            onSubmit={async (values) => {
              onSave({ ...inputOf(values, timeZone, null), image: values.image ?? null });
              onClose();
              return undefined;
            }}
            onCancel={onClose}
          />
        )}
      </Loading>
    </Modal>
  );
}
