import { useDocumentTitle } from '@mantine/hooks';
import { TodayOverview } from '../../features/studio/components/today-overview';

/** /studio: the studio's home screen, what needs attention today. */
export function StudioHomeRoute() {
  useDocumentTitle('Today · Studio');
  return <TodayOverview />;
}
