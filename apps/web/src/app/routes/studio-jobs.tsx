import { useDocumentTitle } from '@mantine/hooks';
import { PageHeader } from '../../components/page-header';
import { JobsOverview } from '../../features/studio-jobs/components/jobs-overview';

/** /studio/jobs: the background jobs (reminder mails, imports, invites): counts, and failed ones to retry. */
export function StudioJobsRoute() {
  useDocumentTitle('Background jobs · Studio');
  return (
    <>
      <PageHeader title="Background jobs" description="Work the server does after a request: reminder mails, imports and invites. A job that failed every attempt can be run again." />
      <JobsOverview />
    </>
  );
}
