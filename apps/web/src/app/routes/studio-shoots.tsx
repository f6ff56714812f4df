import { Anchor, Button, Group } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { NewShootForm } from '../../features/studio/components/new-shoot-form';
import { ShootPage } from '../../features/studio/components/shoot-page';
import { ShootsList } from '../../features/studio/components/shoots-list';

/** /studio/shoots: the uploads and their imports. */
export function StudioShootsRoute() {
  useDocumentTitle('Shoots · Studio');
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageHeader title="Shoots" description="Upload a shoot from this computer: the photos go into the customer's gallery." />
        <Button component={Link} to={paths.studioShootNew}>
          Upload a shoot
        </Button>
      </Group>
      <ShootsList />
    </>
  );
}

/** /studio/shoots/new: who the shoot is for, then its files. */
export function StudioNewShootRoute() {
  useDocumentTitle('Upload a shoot · Studio');
  const navigate = useNavigate();
  return (
    <>
      <Anchor component={Link} to={paths.studioShoots} size="sm" mb="sm" display="inline-block">
        ← All shoots
      </Anchor>
      <PageHeader title="Upload a shoot" />
      <NewShootForm onCreated={(shoot) => void navigate(paths.studioShootOf(shoot.id), { replace: true })} />
    </>
  );
}

/** /studio/shoots/:id: the files of an upload and its import. */
export function StudioShootRoute() {
  const id = Number(useParams().id);
  useDocumentTitle('Shoot upload · Studio');
  return (
    <>
      <Anchor component={Link} to={paths.studioShoots} size="sm" mb="sm" display="inline-block">
        ← All shoots
      </Anchor>
      {Number.isInteger(id) && id > 0 ? <ShootPage key={id} shootId={id} /> : <PageHeader title="Upload not found" description="This address names no upload." />}
    </>
  );
}
