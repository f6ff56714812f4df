import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { EmptyState } from '../../../components/studio/empty-state';
import { FormErrorAlert } from '../../../components/form-alert';
import { FullPageLoader } from '../../../components/full-page-loader';
import { LoadFailed } from '../../../components/studio/load-failed';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { type StudioAppointmentType, useSetAppointmentTypeActive, useStudioAppointmentTypes } from '../api/appointment-types';
import { AppointmentTypeForm } from './appointment-type-form';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function priceLabel(cents: number): string {
  return cents === 0 ? 'Free' : dollars.format(cents / 100);
}

function TypesTable({ types }: { types: StudioAppointmentType[] }) {
  const setActive = useSetAppointmentTypeActive();
  const [editing, setEditing] = useState<StudioAppointmentType | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const toggle = async (type: StudioAppointmentType) => {
    setFailure(null);
    try {
      const saved = await setActive.mutateAsync({ id: type.id, active: !type.active });
      notifySuccess(saved.active ? `${saved.name} is offered again.` : `${saved.name} is no longer offered for new invites.`);
    } catch (error) {
      setFailure(errorMessage(error, 'The appointment type could not be changed. Try again.'));
    }
  };

  return (
    <>
      <FormErrorAlert message={failure} />
      <Paper withBorder radius="md" mt={failure ? 'sm' : 0}>
        <Table.ScrollContainer minWidth={960} type="native">
          <Table verticalSpacing="sm" aria-label="Appointment types">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th>Per slot</Table.Th>
                <Table.Th>Buffers</Table.Th>
                <Table.Th>Booking</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.map((type) => (
                <Table.Tr key={type.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {type.name}
                    </Text>
                  </Table.Td>
                  <Table.Td style={NO_WRAP}>{type.durationMinutes} min</Table.Td>
                  <Table.Td style={NO_WRAP}>
                    {type.capacity} {type.capacity === 1 ? 'person' : 'people'}
                  </Table.Td>
                  <Table.Td style={NO_WRAP}>
                    {type.bufferBeforeMinutes} / {type.bufferAfterMinutes} min
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {type.minimumNoticeHours} h notice · {type.bookingWindowDays} days ahead · changes until {type.changeCutoffHours} h before
                    </Text>
                  </Table.Td>
                  <Table.Td style={NO_WRAP}>{priceLabel(type.priceCents)}</Table.Td>
                  <Table.Td style={NO_WRAP}>
                    <Badge variant="light" color={type.active ? 'teal' : 'gray'} miw="max-content">
                      {type.active ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button variant="default" size="xs" onClick={() => setEditing(type)} aria-label={`Edit ${type.name}`}>
                        Edit
                      </Button>
                      <Button
                        variant="default"
                        size="xs"
                        loading={setActive.isPending && setActive.variables?.id === type.id}
                        onClick={() => void toggle(type)}
                        aria-label={`${type.active ? 'Deactivate' : 'Activate'} ${type.name}`}
                      >
                        {type.active ? 'Deactivate' : 'Activate'}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing ? `Edit ${editing.name}` : ''} size="xl">
        {editing ? <AppointmentTypeForm key={editing.id} type={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </>
  );
}

/** /studio/appointment-types: a form for a new type, and every type (inactive ones too). */
export function AppointmentTypesScreen() {
  const types = useStudioAppointmentTypes(true);
  return (
    <Stack gap="xl">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <div>
            <Title order={2} fz="lg">
              New appointment type
            </Title>
            <Text size="sm" c="dimmed">
              What customers are invited to book: how long it takes and how many fit in one slot.
            </Text>
          </div>
          <AppointmentTypeForm />
        </Stack>
      </Paper>
      {types.isPending ? (
        <FullPageLoader label="Loading the appointment types" />
      ) : types.isError ? (
        <LoadFailed what="The appointment types" onRetry={() => void types.refetch()} />
      ) : types.data.types.length === 0 ? (
        <EmptyState title="No appointment types yet.">Create one with the form above.</EmptyState>
      ) : (
        <TypesTable types={types.data.types} />
      )}
    </Stack>
  );
}
