// Whether the site's saved deployment plan is outdated (its sources changed after it was made; spec 3 §2, §4): the
// shell marks the tab '*' with DEPLOYMENT_PLAN_OUTDATED_TOOLTIP from src/domain/deployment-plan.ts.
import { useSession } from '@/ui/session-context';
import { useDeploymentPlanForSite } from './api';

export function useDeploymentPlanOutdated(siteId: number): boolean {
  const organizationId = useSession().organization?.id ?? 0;
  const { data } = useDeploymentPlanForSite(organizationId, siteId, organizationId > 0 && siteId > 0);
  return data?.plan ? !data.plan.isValid : false;
}
