// Add Site / Edit Site's state (spec 3 §5 'Site form'): react-hook-form over the shared zod rules, the option lists
// of the chosen organization and country, the fields a change clears, the question before a site moves to another
// organization, and the save with its field errors.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { SiteEdit } from '@/contracts/site';
import { clearedByChange, MOVE_SITE_CONFIRMATION, siteFormSchema, type SiteForm } from '@/domain/site-form';
import { formErrorsOf } from '@/ui/form/form-errors';
import { useSession } from '@/ui/session-context';
import { useToast } from '@/ui/toasts';
import { useSaveSite, useSiteOptions } from './api';
import { canAddSiteIn, siteOrganizations } from './site-dialog-access';

const EMPTY: Omit<SiteForm, 'organizationId'> = {
  id: 0,
  name: '',
  locationLatLng: '',
  alias: null,
  siteGroupIds: [],
  businessUnit: null,
  assetArea: null,
  countryId: null,
  stateProvinceId: null,
  regulationId: null,
  regulatorySiteTypeId: null,
  genericSiteTypeId: null,
  basinId: null,
  industrySegmentId: null,
  fluidTypeId: null,
};

export function useSiteDialogForm(site: SiteEdit | null, onClose: () => void) {
  const { user, organization } = useSession();
  const toast = useToast();
  const save = useSaveSite();
  const [general, setGeneral] = useState<string | null>(null);
  const [moveQuestion, setMoveQuestion] = useState<{ form: SiteForm; text: string } | null>(null);
  const organizations = useMemo(() => siteOrganizations(user, site?.organizationId), [user, site]);

  const form = useForm<SiteForm>({
    defaultValues: site ? { ...site } : { ...EMPTY, organizationId: organization!.id },
    resolver: zodResolver(siteFormSchema),
  });
  const { handleSubmit, setValue, watch, setError, formState } = form;
  const countryId = watch('countryId');
  const options = useSiteOptions(watch('organizationId') || null);
  const o = options.data;

  async function submit(values: SiteForm) {
    setGeneral(null);
    try {
      await save.mutateAsync({ ...values, updatedAt: site?.updatedAt ?? null });
      toast(site ? 'Site details saved' : 'Site added', 'success');
      onClose();
    } catch (error) {
      const mapped = formErrorsOf(error);
      for (const [path, message] of Object.entries(mapped.fields))
        setError(path.split('.')[0] as FieldPath<SiteForm>, { type: 'server', message });
      setGeneral(mapped.general);
    }
  }

  const onValid = (values: SiteForm) => {
    if (site && values.organizationId !== site.organizationId) {
      const name = (id: number) => user.userOrganizations.find((x) => x.id === id)?.name ?? `organization ${id}`;
      setMoveQuestion({
        form: values,
        text: MOVE_SITE_CONFIRMATION(name(site.organizationId), name(values.organizationId)),
      });
    } else void submit(values);
  };

  return {
    form,
    general,
    organizations,
    /** Fields only users with SiteAdd may change are read-only for the others. */
    addOnly: site !== null && !canAddSiteIn(user, site?.organizationId ?? organization!.id),
    err: (name: FieldPath<SiteForm>) => formState.errors[name as keyof SiteForm]?.message as string | undefined,
    /** Clears what a change of organization, country or regulation makes stale. */
    clear: (field: 'organizationId' | 'countryId' | 'regulationId') => {
      for (const f of clearedByChange(field)) setValue(f, f === 'siteGroupIds' ? [] : null, { shouldDirty: true });
    },
    options,
    countryId,
    regulationId: watch('regulationId'),
    states: o?.stateProvinces.filter((s) => s.parentId === countryId) ?? [],
    regulations: o?.regulations.filter((r) => r.parentId === countryId) ?? [],
    onSubmit: handleSubmit(onValid),
    saving: save.isPending,
    moveQuestion: moveQuestion && {
      text: moveQuestion.text,
      cancel: () => setMoveQuestion(null),
      confirm: () => {
        setMoveQuestion(null);
        void submit(moveQuestion.form);
      },
    },
  };
}

export type SiteDialogForm = ReturnType<typeof useSiteDialogForm>;
