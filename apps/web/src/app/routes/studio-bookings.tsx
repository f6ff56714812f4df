import { useDocumentTitle } from '@mantine/hooks';
import { PageHeader } from '../../components/page-header';
import { BookingsWeek } from '../../features/studio/components/bookings-week';

/** /studio/bookings: a week of bookings per calendar. */
export function StudioBookingsRoute() {
  useDocumentTitle('Bookings · Studio');
  return (
    <>
      <PageHeader title="Bookings" description="A week per calendar, Monday to Sunday." />
      <BookingsWeek />
    </>
  );
}
