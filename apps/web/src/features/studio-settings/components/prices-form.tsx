import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { studioPricesRequest, turnaroundText, type StudioPricesRequest } from '@studio-gallery/contract';
import { FormErrorAlert } from '../../../components/form-alert';
import { FullPageLoader } from '../../../components/full-page-loader';
import { LoadFailed } from '../../../components/studio/load-failed';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { type StudioPrices, useStudioPrices, useUpdateStudioPrices } from '../api/prices';

/**
 * What a NumberInput hands over ('' when emptied, a string while half-typed) as the schema's number;
 * null when empty (the schema's "required" message; undefined would bring the default value back).
 */
function toNumber(value: number | string): number | null {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

const FIELDS: { name: keyof StudioPricesRequest; label: string; description: string; prefix?: string; suffix?: string }[] = [
  { name: 'touchUpPrice', label: 'Professional touch-up', description: 'Per photo, in dollars', prefix: '$' },
  { name: 'backgroundPrice', label: 'Background replacement', description: 'Per photo, in dollars', prefix: '$' },
  { name: 'turnaroundHours', label: 'Turnaround', description: 'Whole hours, 1 to 720', suffix: ' hours' },
  { name: 'taxPercent', label: 'Sales tax', description: 'Percent, at most 2 decimals', suffix: ' %' },
];

/** The prices form (PUT /studio/prices), filled with what is saved. */
export function PricesForm({ prices }: { prices: StudioPrices }) {
  // An emptied field holds null (the schema answers its "required" message).
  const form = useForm<StudioPricesRequest>({
    resolver: zodResolver(studioPricesRequest),
    defaultValues: {
      touchUpPrice: prices.touchUpPrice ?? undefined,
      backgroundPrice: prices.backgroundPrice ?? undefined,
      turnaroundHours: prices.turnaroundHours || undefined,
      taxPercent: prices.taxPercent,
    },
  });
  const update = useUpdateStudioPrices();
  const [failure, setFailure] = useState<string | null>(null);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync(values);
      notifySuccess('Prices saved. Customers see them from their next cart.');
      form.reset({ ...saved, touchUpPrice: saved.touchUpPrice ?? undefined, backgroundPrice: saved.backgroundPrice ?? undefined });
    } catch (error) {
      setFailure(errorMessage(error, 'The prices could not be saved. Try again.'));
    }
  });

  const turnaround = useWatch({ control: form.control, name: 'turnaroundHours' });
  return (
    <Paper withBorder radius="md" p="md" maw={720}>
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="prices-title">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="prices-title">
              Retouching prices
            </Title>
            <Text size="sm" c="dimmed">
              What customers pay per photo in the cart, the turnaround promised with each order, and the sales tax added.
            </Text>
          </div>
          <FormErrorAlert message={failure} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {FIELDS.map((field) => (
              <Controller
                key={field.name}
                control={form.control}
                name={field.name}
                render={({ field: input }) => (
                  <NumberInput
                    size="md"
                    label={field.label}
                    description={field.name === 'turnaroundHours' && typeof turnaround === 'number' && Number.isInteger(turnaround) && turnaround > 0 ? turnaroundText(turnaround) : field.description}
                    prefix={field.prefix}
                    suffix={field.suffix}
                    hideControls
                    inputMode="decimal"
                    value={input.value ?? ''}
                    onChange={(value) => input.onChange(toNumber(value))}
                    onBlur={input.onBlur}
                    name={input.name}
                    ref={input.ref}
                    error={errors[field.name]?.message}
                  />
                )}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save prices
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** /studio/prices: loads the saved prices, then the form. */
export function PricesSettings() {
  const prices = useStudioPrices();
  if (prices.isPending) return <FullPageLoader label="Loading the prices" />;
  if (prices.isError) return <LoadFailed what="The prices" onRetry={() => void prices.refetch()} />;
  return <PricesForm prices={prices.data} />;
}
