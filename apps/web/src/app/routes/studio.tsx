import { Box } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { TodayOverview } from '../../features/studio/components/today-overview';
import { RevenueChart } from '../../features/studio-settings/components/revenue-chart';

/** /studio: the studio's home screen, what needs attention today, and orders and revenue per week. */
export function StudioHomeRoute() {
  useDocumentTitle('Today · Studio');
  return (
    <>
      <TodayOverview />
      <Box mt="xl">
        <RevenueChart />
      </Box>
    </>
  );
}
