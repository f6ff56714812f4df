import { useDocumentTitle } from '@mantine/hooks';
import { PageHeader } from '../../components/page-header';
import { SurveysOverview } from '../../features/studio-settings/components/surveys-overview';

/** /studio/surveys: the surveys customers answer before setting their password, their answers and CSV. */
export function StudioSurveysRoute() {
  useDocumentTitle('Surveys · Studio');
  return (
    <>
      <PageHeader title="Surveys" description="What customers answered before setting their password." />
      <SurveysOverview />
    </>
  );
}
