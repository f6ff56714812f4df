import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { SessionPhotosPage } from '../../features/studio/components/session-photos-page';

/** /studio/sessions/:id: a session's photos, to rename or delete single ones. */
export function StudioSessionRoute() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  useDocumentTitle('Session photos · Studio');
  return valid ? <SessionPhotosPage key={id} sessionId={id} /> : <PageHeader title="Session not found" description="This address names no session." />;
}
