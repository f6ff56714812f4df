import { useState, type FormEvent } from 'react';
import { Alert, Badge, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCreditCard, IconFlask } from '@tabler/icons-react';
import { commerceMessages } from '@studio-gallery/contract';
import { errorMessage } from '../../../lib/api-client';
import { confirmTestPayment } from '../api/confirm-test-payment';
import { digitsOf, expiryValue, formatCardNumber, formatExpiry, isCardComplete } from '../lib/card-format';
import { PayFooter, type CardState } from './pay-button';

/** What a confirmed card payment hands on for the payment record. */
export interface PaidCard {
  paymentId: string;
  cardBrand: string | null;
  receiptUrl: string | null;
}

export interface CardFormProps {
  clientSecret: string;
  email: string;
  amountLabel: string;
  /** Called once the provider confirmed the payment (records it and places the order). */
  onPaid: (card: PaidCard) => Promise<void> | void;
}

/** The built-in test provider's card form: Stripe's test card numbers, clearly labelled as test mode. */
export function TestCardForm({ clientSecret, amountLabel, onPaid }: CardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState<'processing' | 'succeeded' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const complete = isCardComplete({ number, expiry, cvc });
  const state: CardState = busy ?? (complete ? 'complete' : 'incomplete');
  const locked = busy !== null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const expiryText = expiryValue(expiry);
    if (state !== 'complete' || !expiryText) return;
    setBusy('processing');
    setError(null);
    let paid: PaidCard;
    try {
      const result = await confirmTestPayment({ clientSecret, cardNumber: digitsOf(number), expiry: expiryText, cvc });
      paid = { paymentId: result.paymentId, cardBrand: result.cardBrand, receiptUrl: null };
    } catch (failure) {
      setError(commerceMessages.paymentFailed(errorMessage(failure, commerceMessages.cardProcessingError)));
      setBusy(null);
      return;
    }
    setBusy('succeeded');
    await onPaid(paid);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Card details">
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconFlask aria-hidden />} p="sm" title={
            <Group gap={8} c="var(--mantine-color-text)">
              Test mode
              <Badge color="dark" variant="outline" size="sm">
                No real charge
              </Badge>
            </Group>
          }>
          <Text size="sm">Use a test card:</Text>
          <Text size="sm" component="ul" m={0} pl="md">
            <li>
              <Text span ff="monospace">4242 4242 4242 4242</Text> succeeds
            </li>
            <li>
              <Text span ff="monospace">4000 0000 0000 0002</Text> is declined
            </li>
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            Any future expiry date and any 3-digit CVC.
          </Text>
        </Alert>
        <TextInput
          label="Card number"
          placeholder="1234 1234 1234 1234"
          inputMode="numeric"
          autoComplete="cc-number"
          leftSection={<IconCreditCard size={18} aria-hidden />}
          value={number}
          onChange={(event) => setNumber(formatCardNumber(event.currentTarget.value))}
          disabled={locked}
          maxLength={23}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="Expiry"
            placeholder="MM / YY"
            inputMode="numeric"
            autoComplete="cc-exp"
            value={expiry}
            onChange={(event) => setExpiry(formatExpiry(event.currentTarget.value))}
            disabled={locked}
            maxLength={7}
          />
          <TextInput
            label="CVC"
            placeholder="123"
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(event) => setCvc(digitsOf(event.currentTarget.value).slice(0, 4))}
            disabled={locked}
            maxLength={4}
          />
        </SimpleGrid>
        <PayFooter state={state} error={error} amountLabel={amountLabel} />
      </Stack>
    </form>
  );
}
