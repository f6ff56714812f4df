import { useDocumentTitle } from '@mantine/hooks';
import { PageHeader } from '../../components/page-header';
import { AppointmentTypesScreen } from '../../features/studio-booking/components/appointment-types-screen';

/** /studio/appointment-types: what customers can be invited to book. Prices are set by admins. */
export function StudioAppointmentTypesRoute() {
  useDocumentTitle('Appointment types · Studio');
  return (
    <>
      <PageHeader title="Appointment types" description="Duration, people per slot, buffers, notice and price of each kind of appointment." />
      <AppointmentTypesScreen />
    </>
  );
}
