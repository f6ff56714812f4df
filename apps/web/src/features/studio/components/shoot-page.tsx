import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { shootFinished } from '@studio-gallery/contract';
import { Link } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { LoadFailed } from '../../../components/studio/load-failed';
import { paths } from '../../../config/paths';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useStartImport, useStudioShoot } from '../api/shoots';
import { ShootImportProgress, ShootStatusBadge } from './shoot-import-progress';
import { ShootUploadPanel } from './shoot-upload-panel';

function RetryImport({ shootId }: { shootId: number }) {
  const retry = useStartImport(shootId);
  return (
    <Group justify="flex-end" gap="sm">
      {retry.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(retry.error, 'The import could not be started. Try again.')}
        </Text>
      ) : null}
      <Button onClick={() => retry.mutate()} loading={retry.isPending}>
        Import again
      </Button>
    </Group>
  );
}

/** One shoot upload: its files while it takes them, then its import as it goes. */
export function ShootPage({ shootId }: { shootId: number }) {
  const shoot = useStudioShoot(shootId);
  if (shoot.isPending) return <FullPageLoader label="Loading the upload" />;
  if (shoot.isError) {
    if (isApiError(shoot.error) && shoot.error.status === 404) return <PageHeader title="Upload not found" description={shoot.error.message} />;
    return <LoadFailed what="The upload" onRetry={() => void shoot.refetch()} />;
  }
  const data = shoot.data;
  const name = `${data.firstName} ${data.lastName}`.trim();
  return (
    <Stack gap="md">
      <PageHeader title={data.sessionName} description={`For ${name ? `${name} · ` : ''}${data.customerEmail}${data.sessionDate ? ` · ${data.sessionDate}` : ''}`} />
      <Group gap="sm">
        <ShootStatusBadge status={data.status} />
        <Text size="sm" c="dimmed">
          {data.uploadedFiles} file{data.uploadedFiles === 1 ? '' : 's'} uploaded
        </Text>
        {shootFinished(data.status) && data.customerUserId ? (
          <Anchor component={Link} to={paths.studioCustomers} size="sm">
            Customers
          </Anchor>
        ) : null}
      </Group>
      {data.status === 'uploading' ? <ShootUploadPanel shoot={data} /> : <ShootImportProgress shoot={data} />}
      {data.status === 'failed' ? <RetryImport shootId={data.id} /> : null}
    </Stack>
  );
}
