import { useState } from 'react';
import { Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { FormErrorAlert } from '../../../components/form-alert';
import { FullPageLoader } from '../../../components/full-page-loader';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { EmptyState } from '../../../components/studio/empty-state';
import { ListPagination } from '../../../components/studio/list-pagination';
import { LoadFailed } from '../../../components/studio/load-failed';
import { type StudioFailedJobItem, type StudioJobs, type StudioUndeliveredMailItem, useStudioJobs } from '../api/get-jobs';
import { useRetryStudioJob } from '../api/retry-job';
import { useRetryStudioMail } from '../api/retry-mail';

export const FAILED_JOBS_PAGE_SIZE = 25;

let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** "26 Nov 2026, 10:05" in the browser's zone (as the studio's other lists show times). */
function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTimeFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return dateTimeFormat.format(date);
}

const STATES: { key: keyof StudioJobs['counts']; label: string; hint: string }[] = [
  { key: 'queued', label: 'Queued', hint: 'Waiting for their first run' },
  { key: 'retrying', label: 'Retrying', hint: 'Waiting to run again after a failure' },
  { key: 'active', label: 'Running', hint: 'Running now' },
  { key: 'completed', label: 'Completed', hint: 'Done in the last day' },
  { key: 'failed', label: 'Failed', hint: 'Out of attempts' },
];

/** What a job's name means to staff; unknown names show as they are. */
const JOB_LABELS: Record<string, string> = {
  'appointment-reminder': 'Appointment reminder mail',
  'shoot-import': 'Shoot import',
  'company-invites': 'Company bulk invite',
  'gallery-expiry-reminder': 'Gallery expiry reminder mail',
  'mail-delivery': 'Mail delivery',
};

/** What a mail of the outbox is, to staff; unknown kinds show as they are. */
const MAIL_LABELS: Record<string, string> = {
  activation: 'Account activation',
  invitation: 'Gallery invitation',
  'staff-invitation': 'Studio invitation',
  'password-reset': 'Password reset',
  'booking-confirmation': 'Booking confirmation',
  'booking-rescheduled': 'Booking moved',
  'booking-cancelled': 'Booking cancelled',
  'booking-reminder': 'Appointment reminder',
  'booking-studio-notice': 'Booking notice to the studio',
  'booking-invite': 'Booking invite',
  'order-placed': 'New retouch order (to the studio)',
  'order-delivered': 'Retouched photos ready',
  'photos-ready': 'Photos ready',
  'gallery-expiry-reminder': 'Gallery expiry reminder',
};

export function mailLabel(kind: string): string {
  return MAIL_LABELS[kind] ?? kind;
}

export function jobLabel(name: string): string {
  return JOB_LABELS[name] ?? name;
}

/**
 * The background jobs screen (GET /studio/jobs): counts per state, then the failed jobs, newest
 * failure first, each with its error and a Retry button (POST /studio/jobs/{id}/retry); then the mails
 * not delivered yet, failed first, with Send again (POST /studio/jobs/mails/{id}/retry).
 */
export function JobsOverview() {
  const [page, setPage] = useState(1);
  const jobs = useStudioJobs({ page, pageSize: FAILED_JOBS_PAGE_SIZE });
  if (jobs.isPending) return <FullPageLoader label="Loading the background jobs" />;
  if (jobs.isError) return <LoadFailed what="The background jobs" onRetry={() => void jobs.refetch()} />;
  const { counts, failed, backend, mails } = jobs.data;

  return (
    <Stack gap="lg">
      <section aria-labelledby="job-counts-title">
        <Group justify="space-between" mb="xs">
          <Title order={2} fz="lg" id="job-counts-title">
            Jobs by state
          </Title>
          <Text size="xs" c="dimmed">
            {backend === 'pg-boss' ? 'Queue: pg-boss on PostgreSQL' : 'Queue: in-process (SQLite)'}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
          {STATES.map((state) => (
            <Paper key={state.key} withBorder radius="md" p="sm" aria-label={`${state.label}: ${counts[state.key]}`}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {state.label}
              </Text>
              <Text fz={28} fw={700} c={state.key === 'failed' && counts.failed > 0 ? 'red' : undefined} data-testid={`job-count-${state.key}`}>
                {counts[state.key]}
              </Text>
              <Text size="xs" c="dimmed">
                {state.hint}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </section>

      <section aria-labelledby="failed-jobs-title">
        <Title order={2} fz="lg" id="failed-jobs-title" mb="xs">
          Failed jobs
        </Title>
        {failed.total === 0 ? (
          <EmptyState title="No failed jobs.">A job that runs out of attempts shows here with its error, to run again.</EmptyState>
        ) : (
          <>
            <Paper withBorder radius="md" style={{ opacity: jobs.isPlaceholderData ? 0.6 : 1 }}>
              <Table.ScrollContainer minWidth={720} type="native">
                <Table verticalSpacing="sm" aria-label="Failed jobs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Failed</Table.Th>
                      <Table.Th>Job</Table.Th>
                      <Table.Th>Error</Table.Th>
                      <Table.Th>Attempts</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {failed.items.map((job) => (
                      <FailedJobRow key={job.id} job={job} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
            <ListPagination page={page} pageSize={FAILED_JOBS_PAGE_SIZE} total={failed.total} onChange={setPage} noun="failed jobs" />
          </>
        )}
      </section>

      <UndeliveredMails mails={mails} />
    </Stack>
  );
}

/** The mail outbox's mails not delivered yet: pending (sent soon, or tried again later) and failed (out of attempts). */
function UndeliveredMails({ mails }: { mails: StudioJobs['mails'] }) {
  return (
    <section aria-labelledby="undelivered-mails-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg" id="undelivered-mails-title">
          Undelivered mails
        </Title>
        <Group gap="xs">
          <Badge variant="light" color={mails.counts.pending > 0 ? 'yellow' : 'gray'} aria-label={`Pending mails: ${mails.counts.pending}`}>
            {mails.counts.pending} pending
          </Badge>
          <Badge variant="light" color={mails.counts.failed > 0 ? 'red' : 'gray'} aria-label={`Failed mails: ${mails.counts.failed}`}>
            {mails.counts.failed} failed
          </Badge>
        </Group>
      </Group>
      {mails.total === 0 ? (
        <EmptyState title="Every mail has been delivered.">
          A mail that cannot be sent yet (mail server down, outbox folder unwritable) waits here and is tried again on its own.
        </EmptyState>
      ) : (
        <>
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={820} type="native">
              <Table verticalSpacing="sm" aria-label="Undelivered mails">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Written</Table.Th>
                    <Table.Th>Mail</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Last error</Table.Th>
                    <Table.Th>Attempts</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {mails.items.map((mail) => (
                    <UndeliveredMailRow key={mail.id} mail={mail} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          {mails.total > mails.items.length ? (
            <Text size="xs" c="dimmed" mt="xs">
              Showing {mails.items.length} of {mails.total} undelivered mails, failed first.
            </Text>
          ) : null}
        </>
      )}
    </section>
  );
}

function UndeliveredMailRow({ mail }: { mail: StudioUndeliveredMailItem }) {
  const retry = useRetryStudioMail();
  const [failure, setFailure] = useState<string | null>(null);
  const label = mailLabel(mail.kind);

  const sendAgain = async () => {
    setFailure(null);
    try {
      await retry.mutateAsync(mail.id);
      notifySuccess(`${label} to ${mail.to}: being sent again.`);
    } catch (error) {
      setFailure(errorMessage(error, 'The mail could not be sent again. Try again.'));
    }
  };

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" component="time" dateTime={mail.createdAt} style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(mail.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {label} to {mail.to}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {mail.subject}
        </Text>
      </Table.Td>
      <Table.Td>
        {mail.status === 'failed' ? (
          <Badge variant="light" color="red" styles={{ label: { overflow: 'visible' } }}>
            Failed
          </Badge>
        ) : (
          <Stack gap={2}>
            <Badge variant="light" color="yellow" styles={{ label: { overflow: 'visible' } }}>
              Pending
            </Badge>
            {mail.nextAttemptAt ? (
              <Text size="xs" c="dimmed">
                Next try{' '}
                <time dateTime={mail.nextAttemptAt} style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(mail.nextAttemptAt)}
                </time>
              </Text>
            ) : null}
          </Stack>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={mail.lastError ? 'red' : 'dimmed'} style={{ wordBreak: 'break-word' }}>
          {mail.lastError ?? 'Not tried yet.'}
        </Text>
        <FormErrorAlert message={failure} />
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color="gray">
          {mail.attempts}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Button size="xs" variant="default" loading={retry.isPending} onClick={() => void sendAgain()} aria-label={`Send again: ${label} to ${mail.to}`}>
          Send again
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function FailedJobRow({ job }: { job: StudioFailedJobItem }) {
  const retry = useRetryStudioJob();
  const [failure, setFailure] = useState<string | null>(null);
  const label = jobLabel(job.name);

  const runAgain = async () => {
    setFailure(null);
    try {
      await retry.mutateAsync(job.id);
      notifySuccess(`${label}: queued to run again.`);
    } catch (error) {
      setFailure(errorMessage(error, 'The job could not be queued again. Try again.'));
    }
  };

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" component="time" dateTime={job.failedAt} style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(job.failedAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Code fz="xs" style={{ wordBreak: 'break-all' }}>
          {job.payloadSummary}
        </Code>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
          {job.lastError || 'No error was recorded.'}
        </Text>
        <FormErrorAlert message={failure} />
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color="gray">
          {job.attempts}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Button size="xs" variant="default" loading={retry.isPending} onClick={() => void runAgain()} aria-label={`Retry ${label} (failed ${formatDateTime(job.failedAt)})`}>
          Retry
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
