import { useState } from 'react';
import { Alert, Button, Group, List, Modal, MultiSelect, NumberInput, Progress, Radio, Select, Stack, Text } from '@mantine/core';
import { IconDownload, IconMailForward } from '@tabler/icons-react';
import type { BulkInviteKind, CreateBulkInviteRequest } from '@studio-gallery/contract';
import { FormErrorAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { type BulkInvite, downloadCompanyExport, isFinished, useAppointmentOptions, useBulkInvite, useCreateBulkInvite } from '../api/company-invites';

/** The bar and counts of a bulk invite as its job goes, and who failed and why once it is done. */
export function BulkInviteProgress({ bulk }: { bulk: BulkInvite }) {
  const settled = bulk.sent + bulk.failed;
  const percent = bulk.total === 0 ? 100 : Math.round((settled / bulk.total) * 100);
  const finished = isFinished(bulk);
  const noun = bulk.kind === 'booking' ? 'booking invites' : 'gallery invitations';
  return (
    <Stack gap="xs">
      <Progress
        value={percent}
        size="lg"
        animated={!finished}
        color={bulk.status === 'failed' ? 'red' : bulk.failed > 0 && finished ? 'yellow' : undefined}
        aria-label="Invites sent"
        aria-valuenow={percent}
      />
      <Text size="sm" role="status">
        {bulk.status === 'queued'
          ? `Waiting to start: ${bulk.total} ${noun}…`
          : finished
            ? `Done: ${bulk.sent} of ${bulk.total} ${noun} sent${bulk.failed > 0 ? `, ${bulk.failed} failed` : ''}.`
            : `Sending ${noun}: ${settled} of ${bulk.total}…`}
      </Text>
      {bulk.status === 'failed' && bulk.error ? (
        <Alert color="red" title="The invites stopped">
          {bulk.error} It is tried again automatically; the employees already invited are not mailed twice.
        </Alert>
      ) : null}
      {bulk.failures.length > 0 ? (
        <Alert color="yellow" title={`${bulk.failed} not invited`}>
          <List size="sm" aria-label="Employees not invited">
            {bulk.failures.map((failure) => (
              <List.Item key={failure.userId}>
                {[failure.firstName, failure.lastName].filter(Boolean).join(' ') || failure.email} ({failure.email}): {failure.error}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Polls one bulk invite and shows its progress. */
function BulkInviteTracker({ companyId, bulkId }: { companyId: number; bulkId: number }) {
  const bulk = useBulkInvite(companyId, bulkId);
  if (bulk.isError) return <FormErrorAlert message={errorMessage(bulk.error, 'The progress could not be loaded.')} />;
  if (!bulk.data) return <Progress value={0} size="lg" animated aria-label="Invites sent" />;
  return <BulkInviteProgress bulk={bulk.data} />;
}

/** The invite form: what to invite to (booking: the appointment type, calendars, expiry), then send. */
export function InviteEmployeesForm({ companyId, employeeCount, onStarted }: { companyId: number; employeeCount: number; onStarted: (bulk: BulkInvite) => void }) {
  const [kind, setKind] = useState<BulkInviteKind>('booking');
  const [typeId, setTypeId] = useState<string | null>(null);
  const [calendarIds, setCalendarIds] = useState<string[]>([]);
  const [expires, setExpires] = useState<number | string>(30);
  const [failure, setFailure] = useState<string | null>(null);
  const options = useAppointmentOptions(kind === 'booking');
  const create = useCreateBulkInvite(companyId);
  const types = options.data?.types ?? [];

  const submit = async () => {
    setFailure(null);
    if (kind === 'booking' && typeId === null) {
      setFailure('Please choose the appointment type to invite to.');
      return;
    }
    const request: CreateBulkInviteRequest =
      kind === 'booking'
        ? { kind, appointmentTypeId: Number(typeId), calendarIds: calendarIds.map(Number), expiresInDays: typeof expires === 'number' ? expires : 30 }
        : { kind };
    try {
      onStarted(await create.mutateAsync(request));
    } catch (error) {
      setFailure(errorMessage(error, 'The invites could not be sent. Try again.'));
    }
  };

  return (
    <Stack gap="md">
      <FormErrorAlert message={failure} />
      <Radio.Group label="Invite them to" value={kind} onChange={(value) => setKind(value as BulkInviteKind)}>
        <Stack gap="xs" mt="xs">
          <Radio value="booking" label="Book a headshot day" description="Each gets a link to pick a place, a day and a time." />
          <Radio value="gallery" label="Their gallery" description="For employees with photos: the invitation to their latest session." />
        </Stack>
      </Radio.Group>
      {kind === 'booking' ? (
        <>
          <Select
            label="Appointment type"
            placeholder={options.isPending ? 'Loading…' : types.length === 0 ? 'No appointment types yet' : 'Choose one'}
            data={types.map((t) => ({ value: String(t.id), label: `${t.name} (${t.durationMinutes} min)` }))}
            value={typeId}
            onChange={setTypeId}
            disabled={types.length === 0}
            error={options.isError ? errorMessage(options.error, 'The appointment types could not be loaded.') : undefined}
          />
          {options.isSuccess && types.length === 0 ? (
            <Text size="sm" c="dimmed">
              No appointment types yet: add one with <code>npm run studio -- appointment-types add</code>, or invite to the gallery.
            </Text>
          ) : null}
          <MultiSelect
            label="Where (optional)"
            description="None chosen: every active calendar."
            data={(options.data?.calendars ?? []).map((c) => ({ value: String(c.id), label: `${c.name} · ${c.location}` }))}
            value={calendarIds}
            onChange={setCalendarIds}
          />
          <NumberInput label="Links work for (days)" description="0: they never expire." min={0} max={365} value={expires} onChange={setExpires} />
        </>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={create.isPending} leftSection={<IconMailForward size={16} />} disabled={employeeCount === 0}>
          Invite {employeeCount} {employeeCount === 1 ? 'employee' : 'employees'}
        </Button>
      </Group>
    </Stack>
  );
}

/** "Invite" on the Employees tab: the form in a modal, then the bulk invite's progress. */
export function InviteEmployeesButton({ companyId, employeeCount }: { companyId: number; employeeCount: number }) {
  const [opened, setOpened] = useState(false);
  const [bulkId, setBulkId] = useState<number | null>(null);
  const close = () => {
    setOpened(false);
    setBulkId(null);
  };
  return (
    <>
      <Button variant="light" leftSection={<IconMailForward size={16} />} onClick={() => setOpened(true)} disabled={employeeCount === 0}>
        Invite employees
      </Button>
      <Modal opened={opened} onClose={close} title="Invite employees" size="lg">
        {bulkId === null ? (
          <InviteEmployeesForm companyId={companyId} employeeCount={employeeCount} onStarted={(bulk) => setBulkId(bulk.id)} />
        ) : (
          <Stack gap="md">
            <BulkInviteTracker companyId={companyId} bulkId={bulkId} />
            <Text size="xs" c="dimmed">
              The invites go out in the background: you may close this window.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Close
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** "Export photos (ZIP)": each employee's chosen photo and a CSV, through a short-lived link. */
export function ExportPhotosButton({ companyId, navigate }: { companyId: number; navigate?: (url: string) => void }) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await downloadCompanyExport(companyId, navigate);
    } catch (error) {
      notifyError(errorMessage(error, 'The export could not be started. Try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => void start()} loading={busy}>
      Export photos (ZIP)
    </Button>
  );
}
