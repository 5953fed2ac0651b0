// Integrations (spec 3 §2; IntegrationAdministration): the Pull API's keys and the Push API's integrations, one tab
// each, chosen by the `tab` query parameter (PullApi by default).
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/ui/page-header';
import { useSession } from '@/ui/session-context';
import { UrlTabs } from '@/ui/url-tabs';
import { PullApiTab } from './pull/pull-api-tab';
import { PushApiTab } from './push-api-tab';

const TABS = ['PullApi', 'PushApi'] as const;
type Tab = (typeof TABS)[number];
const LABELS: Record<Tab, string> = { PullApi: 'Pull API', PushApi: 'Push API' };

export default function IntegrationsPage() {
  const { organization } = useSession();
  const [params] = useSearchParams();
  const tab: Tab = params.get('tab') === 'PushApi' ? 'PushApi' : 'PullApi';
  const organizationId = organization?.id ?? 0;
  return (
    <>
      <PageHeader title="Integrations" />
      <UrlTabs tabs={TABS} current={tab} label="Integration types" labels={LABELS} />
      {tab === 'PullApi' ? (
        <PullApiTab organizationId={organizationId} />
      ) : (
        <PushApiTab organizationId={organizationId} />
      )}
    </>
  );
}
