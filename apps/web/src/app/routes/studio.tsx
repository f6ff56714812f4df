import { lazy, Suspense } from 'react';
import { Box, Skeleton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { QueryClient } from '@tanstack/react-query';
import { studioTodayQueryOptions } from '../../features/studio/api/get-today';
import { TodayOverview } from '../../features/studio/components/today-overview';
import { studioRevenueQueryOptions } from '../../features/studio-settings/api/revenue';
import { accountQueryOptions, isStudioRole } from '../../lib/account';
import { getSession } from '../../lib/session';

// The chart's code (recharts, d3) is the heaviest of the screen: it loads beside today's figures, not before them.
const RevenueChart = lazy(() => import('../../features/studio-settings/components/revenue-chart').then((m) => ({ default: m.RevenueChart })));

/**
 * /studio's loader (issue 23 §5): both panels' requests start as soon as the account (asked for by the
 * layout's loader at the same moment) says staff or admin — not after the screen has rendered — and
 * nothing waits for them: each panel shows when its answer does. A customer is never asked for them.
 */
export function studioHomeLoader(queryClient?: QueryClient) {
  const session = getSession();
  if (queryClient && session) {
    void queryClient
      .ensureQueryData(accountQueryOptions(session.userId))
      .then((account) => {
        if (!isStudioRole(account.role)) return;
        void queryClient.prefetchQuery(studioTodayQueryOptions());
        void queryClient.prefetchQuery(studioRevenueQueryOptions());
      })
      .catch(() => undefined);
  }
  return null;
}

/** /studio: the studio's home screen, what needs attention today, and orders and revenue per week. */
export function StudioHomeRoute() {
  useDocumentTitle('Today · Studio');
  return (
    <>
      <TodayOverview />
      <Box mt="xl">
        <Suspense fallback={<Skeleton h={340} radius="md" aria-label="Loading the orders and revenue" />}>
          <RevenueChart />
        </Suspense>
      </Box>
    </>
  );
}
