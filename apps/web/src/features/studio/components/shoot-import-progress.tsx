import { Alert, Badge, Group, List, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ShootStatus } from '@studio-gallery/contract';
import type { StudioShoot } from '../api/shoots';

const STATUS: Record<ShootStatus, { label: string; color: string }> = {
  uploading: { label: 'Uploading', color: 'blue' },
  queued: { label: 'Waiting to import', color: 'gray' },
  importing: { label: 'Importing', color: 'blue' },
  done: { label: 'Imported', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

export function ShootStatusBadge({ status }: { status: ShootStatus }) {
  return (
    <Badge color={STATUS[status].color} variant="light">
      {STATUS[status].label}
    </Badge>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" aria-label={`${label}: ${value}`}>
        {value}
      </Text>
    </Stack>
  );
}

/** The import job of a shoot, as it goes (GET /studio/shoots/{id}, asked every second meanwhile). */
export function ShootImportProgress({ shoot }: { shoot: StudioShoot }) {
  const percent = shoot.totalFiles > 0 ? Math.round((shoot.processed / shoot.totalFiles) * 100) : 0;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="md">
            Import
          </Title>
          <ShootStatusBadge status={shoot.status} />
        </Group>
        <Progress value={shoot.status === 'done' ? 100 : percent} size="lg" animated={shoot.status === 'importing' || shoot.status === 'queued'} aria-label="Import progress" />
        <Text size="sm" aria-live="polite">
          {shoot.status === 'queued'
            ? 'Waiting for the import to start…'
            : shoot.status === 'importing'
              ? `${shoot.processed} of ${shoot.totalFiles} photos imported…`
              : shoot.status === 'done'
                ? `Done: ${shoot.imported} new photo${shoot.imported === 1 ? '' : 's'} in “${shoot.sessionName}” for ${shoot.customerEmail}.`
                : 'The import stopped.'}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          <Count label="New photos" value={shoot.imported} />
          <Count label="Already there" value={shoot.duplicates} />
          <Count label="Retouches added" value={shoot.retouchesAttached} />
          <Count label="Unreadable" value={shoot.unreadable} />
          <Count label="Failed" value={shoot.failed} />
        </SimpleGrid>
        {shoot.status === 'failed' && shoot.error ? (
          <Alert color="red" title="The import failed">
            {shoot.error} It is tried again by itself; Import again tries at once.
          </Alert>
        ) : null}
        {shoot.problems.length > 0 ? (
          <Alert color="yellow" title="Files not imported">
            <List size="sm">
              {shoot.problems.map((problem) => (
                <List.Item key={problem.fileName}>
                  {problem.fileName}: {problem.reason ?? problem.outcome}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
