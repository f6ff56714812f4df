import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { studioCouponRequest, type StudioCouponRequest } from '@studio-gallery/contract';
import { FormErrorAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useCreateStudioCoupon } from '../api/coupons';

const EMPTY: StudioCouponRequest = { code: '', percent: undefined as unknown as number, expiresOn: null, maxUses: null, active: true };

/** A NumberInput's value as the schema's number ('' when emptied: `empty`; not undefined, which brings the default back). */
function toNumber<Empty>(value: number | string, empty: Empty): number | Empty {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return empty;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : empty;
}

/** Create a coupon (POST /studio/coupons): the same rules as `npm run studio -- coupon`. */
export function CouponForm() {
  const form = useForm<StudioCouponRequest>({ resolver: zodResolver(studioCouponRequest), defaultValues: EMPTY });
  const create = useCreateStudioCoupon();
  const [failure, setFailure] = useState<string | null>(null);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const coupon = await create.mutateAsync(values);
      notifySuccess(`Coupon ${coupon.code} created: ${coupon.percent}% off.`);
      form.reset(EMPTY);
    } catch (error) {
      setFailure(errorMessage(error, 'The coupon could not be created. Try again.'));
    }
  });

  return (
    <Paper withBorder radius="md" p="md">
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="coupon-form-title">
        <Stack gap="sm">
          <div>
            <Title order={2} fz="lg" id="coupon-form-title">
              New coupon
            </Title>
            <Text size="sm" c="dimmed">
              Customers enter the code in the cart; the discount comes off the total with tax.
            </Text>
          </div>
          <FormErrorAlert message={failure} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Code"
              description="Letters, digits, - and _ (saved in upper case)"
              autoComplete="off"
              placeholder="SPRING25"
              error={errors.code?.message}
              {...form.register('code')}
            />
            <Controller
              control={form.control}
              name="percent"
              render={({ field }) => (
                <NumberInput
                  size="md"
                  label="Discount"
                  description="Percent, 1 to 100"
                  suffix=" %"
                  hideControls
                  inputMode="decimal"
                  value={field.value ?? ''}
                  onChange={(value) => field.onChange(toNumber(value, null))}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={errors.percent?.message}
                />
              )}
            />
            <TextInput
              label="Last day"
              description="Works through the end of that day (UTC); empty: never expires"
              type="date"
              error={errors.expiresOn?.message}
              {...form.register('expiresOn', { setValueAs: (value: string | null) => (value ? value : null) })}
            />
            <Controller
              control={form.control}
              name="maxUses"
              render={({ field }) => (
                <NumberInput
                  size="md"
                  label="Max uses"
                  description="Orders that may use it; empty: no limit"
                  hideControls
                  allowDecimal={false}
                  inputMode="numeric"
                  value={field.value ?? ''}
                  onChange={(value) => field.onChange(toNumber(value, null))}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={errors.maxUses?.message}
                />
              )}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Switch label="Customers can use it right away" checked={field.value ?? true} onChange={(event) => field.onChange(event.currentTarget.checked)} onBlur={field.onBlur} />
            )}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Create coupon
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
