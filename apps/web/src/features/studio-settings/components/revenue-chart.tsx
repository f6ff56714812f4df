import { CompositeChart } from '@mantine/charts';
import { Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { LoadFailed } from '../../../components/studio/load-failed';
import { formatMoney } from '../../../lib/format';
import { type StudioRevenue, useStudioRevenue } from '../api/revenue';

let dayFormat: Intl.DateTimeFormat | undefined;

/** "30 Nov" for a week's Monday (YYYY-MM-DD, already the studio's day). */
export function weekLabel(start: string): string {
  const date = new Date(`${start}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return start;
  dayFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return dayFormat.format(date);
}

/** "$1,234.50" from cents. */
function formatCents(cents: number): string {
  return formatMoney(cents / 100);
}

/** The chart of paid orders (a line, right axis) and revenue (bars, dollars) per week, with the same numbers as a table for screen readers. */
export function RevenueChartView({ revenue }: { revenue: StudioRevenue }) {
  const data = revenue.weeks.map((week) => ({ week: weekLabel(week.start), isoWeek: week.week, revenue: week.revenueCents / 100, orders: week.orders }));
  const orders = revenue.weeks.reduce((sum, week) => sum + week.orders, 0);
  const cents = revenue.weeks.reduce((sum, week) => sum + week.revenueCents, 0);
  const weeks = revenue.weeks.length;
  const summary =
    orders === 0
      ? `No paid orders in the last ${weeks} weeks.`
      : `${orders === 1 ? '1 paid order' : `${orders} paid orders`}, ${formatCents(cents)} in the last ${weeks} weeks.`;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg" id="revenue-title">
            Orders and revenue per week
          </Title>
          <Text size="sm" c="dimmed">
            {summary} Weeks start on Monday ({revenue.timeZone}).
          </Text>
        </div>
        <div aria-hidden>
          <CompositeChart
            h={260}
            data={data}
            dataKey="week"
            withLegend
            withRightYAxis
            curveType="linear"
            yAxisLabel="Revenue ($)"
            rightYAxisLabel="Paid orders"
            maxBarWidth={28}
            series={[
              { name: 'revenue', label: 'Revenue ($)', color: 'brand.6', type: 'bar' },
              { name: 'orders', label: 'Paid orders', color: 'orange.6', type: 'line', yAxisId: 'right' },
            ]}
            rightYAxisProps={{ allowDecimals: false }}
            data-testid="revenue-chart"
          />
        </div>
        <VisuallyHidden>
          <Table aria-labelledby="revenue-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Week of</Table.Th>
                <Table.Th>Paid orders</Table.Th>
                <Table.Th>Revenue</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {revenue.weeks.map((week) => (
                <Table.Tr key={week.week}>
                  <Table.Td>{weekLabel(week.start)}</Table.Td>
                  <Table.Td>{week.orders}</Table.Td>
                  <Table.Td>{formatCents(week.revenueCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}

/** The home screen's chart (GET /studio/revenue?weeks=12). */
export function RevenueChart({ weeks = 12 }: { weeks?: number }) {
  const revenue = useStudioRevenue(weeks);
  if (revenue.isPending) return <Skeleton h={340} radius="md" aria-label="Loading the orders and revenue" />;
  if (revenue.isError) return <LoadFailed what="The orders and revenue chart" onRetry={() => void revenue.refetch()} />;
  return <RevenueChartView revenue={revenue.data} />;
}
