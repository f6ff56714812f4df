import { useDocumentTitle } from '@mantine/hooks';
import { PageHeader } from '../../components/page-header';
import { ActivityList } from '../../features/studio/components/activity-list';

/** /studio/activity: who changed what, and when, newest first. */
export function StudioActivityRoute() {
  useDocumentTitle('Activity · Studio');
  return (
    <>
      <PageHeader title="Activity" description="Every change made by staff or the studio CLI, newest first." />
      <ActivityList />
    </>
  );
}
