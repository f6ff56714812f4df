import { useDocumentTitle } from '@mantine/hooks';
import { PageHeader } from '../../components/page-header';
import { CalendarsScreen } from '../../features/studio-booking/components/calendars-screen';

/** /studio/calendars: the calendars customers book, their weekly opening hours and exceptions. */
export function StudioCalendarsRoute() {
  useDocumentTitle('Calendars · Studio');
  return (
    <>
      <PageHeader title="Calendars" description="Booths and rooms customers book, with their opening hours, closed days and extra hours." />
      <CalendarsScreen />
    </>
  );
}
