// The Deployment Plan tab's state: the saved plan and wind sources, the draft the form edits (from the saved plan or
// the defaults, again after a save), whether it differs from the saved plan (unsaved changes, reported to the shell),
// the latest Preview, the errors, and Preview and Save themselves.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DevicePlacementResult, PlanSource } from '@/contracts/deployment-plan';
import { DEPLOYMENT_PLAN_SAVED } from '@/domain/deployment-plan';
import { formErrorsOf } from '@/ui/form/form-errors';
import { useSession } from '@/ui/session-context';
import { useToast } from '@/ui/toasts';
import type { SiteEditSite } from '../site-edit-context';
import { useDeploymentPlanForSite, usePreviewPlacement, useSaveDeploymentPlan, useWindSourceOptions } from './api';
import {
  checkRequest,
  draftOf,
  NO_ERRORS,
  requestOf,
  sameRequest,
  windLabelOf,
  type Draft,
  type PlanErrors,
  type Run,
} from './plan-draft';

export function useDeploymentPlanForm(site: SiteEditSite, onDirtyChange: (dirty: boolean) => void) {
  const { user } = useSession();
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
  const [errors, setErrors] = useState<PlanErrors>(NO_ERRORS);

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

  const edit = (next: (d: Draft) => Draft) => {
    setDraft((d) => (d ? next(d) : d));
    setChanged(true);
    setErrors(NO_ERRORS);
  };

  /** The checked request, or null with its problems shown. */
  const checked = () => {
    if (!request) return null;
    const c = checkRequest(request);
    if ('errors' in c) {
      setErrors(c.errors);
      return null;
    }
    setErrors(NO_ERRORS);
    return c.request;
  };
  const runPreview = async () => {
    const r = checked();
    if (!r) return;
    try {
      const result = await preview.mutateAsync(r);
      setRun({ request: r, result, by: user.userDetails.userEmail });
      setChanged(false);
    } catch (e) {
      setErrors(formErrorsOf(e));
    }
  };
  const runSave = async () => {
    const r = checked();
    if (!r) return;
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

  const lastResult: DevicePlacementResult | null = run?.result ?? saved?.result ?? null;
  return {
    planQuery,
    windQuery,
    saved,
    sources,
    windOptions,
    draft,
    edit,
    run,
    changed,
    savedRequest,
    errors,
    setErrors,
    lastResult,
    // What the coverage figures describe: the latest run when there is one, else the saved plan; nothing after an edit.
    shown: changed ? null : lastResult,
    windLabel: (siteId: number | null) => windLabelOf(siteId, windOptions, saved),
    previewing: preview.isPending,
    saving: save.isPending,
    runPreview,
    runSave,
  };
}

export type DeploymentPlanForm = ReturnType<typeof useDeploymentPlanForm>;
