import { useMemo, useState, type FormEvent } from 'react';
import { Box, Input, Stack, useComputedColorScheme } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { commerceMessages } from '@studio-gallery/contract';
import { PayFooter, type CardState } from './pay-button';
import type { CardFormProps } from './test-card-form';

// Stripe.js loads only when this form opens (the /pure entry does not load it on import).
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** Starts loading Stripe.js early (while the checkout call is on its way). */
export function preloadStripe(publishableKey: string): void {
  void stripeFor(publishableKey).catch(() => undefined);
}

/** Stripe Elements card form (no postal code), with the same states as the test form. */
export default function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
  const stripe = useMemo(() => stripeFor(props.publishableKey), [props.publishableKey]);
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({ clientSecret, email, amountLabel, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const scheme = useComputedColorScheme('light');
  const [complete, setComplete] = useState(false);
  const [brand, setBrand] = useState<string | null>(null);
  const [busy, setBusy] = useState<'processing' | 'succeeded' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const state: CardState = busy ?? (complete && stripe ? 'complete' : 'incomplete');

  const onChange = (event: StripeCardElementChangeEvent) => {
    setComplete(event.complete);
    setBrand(event.brand && event.brand !== 'unknown' ? event.brand : null);
    setFieldError(event.error?.message ?? null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (state !== 'complete' || !stripe || !card) return;
    setBusy('processing');
    setError(null);
    const result = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card, billing_details: { email, address: { country: 'US' } } },
    });
    if (result.error || !result.paymentIntent || result.paymentIntent.status !== 'succeeded') {
      setError(commerceMessages.paymentFailed(result.error?.message ?? commerceMessages.paymentNotSucceeded));
      setBusy(null);
      return;
    }
    setBusy('succeeded');
    await onPaid({ paymentId: result.paymentIntent.id, cardBrand: brand, receiptUrl: null });
  };

  const textColor = scheme === 'dark' ? '#e9ecef' : '#212529';
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Card details">
      <Stack gap="md">
        <Input.Wrapper label="Card" error={fieldError}>
          <Box
            p="sm"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)', background: 'var(--mantine-color-body)' }}
          >
            <CardElement
              onChange={onChange}
              options={{
                hidePostalCode: true,
                disabled: busy !== null,
                style: { base: { fontSize: '16px', color: textColor, '::placeholder': { color: '#868e96' } } },
              }}
            />
          </Box>
        </Input.Wrapper>
        <PayFooter state={state} error={error} amountLabel={amountLabel} />
      </Stack>
    </form>
  );
}
