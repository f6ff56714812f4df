import { Accordion, Anchor, Text } from '@mantine/core';
import { defaultFaqs } from '@studio-gallery/contract';
import { useServicePrices } from '../../../lib/service-prices';
import { useBranding } from '../hooks/use-branding';
import { pricingAnswer, withLivePricing } from '../lib/live-pricing';

/** The studio's FAQ (from its settings; the spec's facts when it has none); prices come from the price lookup. */
export function FaqList() {
  const { branding } = useBranding();
  const prices = useServicePrices();
  const faqs = withLivePricing(branding.faqs.length > 0 ? branding.faqs : defaultFaqs, pricingAnswer(prices.data, prices.isError));
  return (
    <>
      <Accordion
        variant="separated"
        radius="lg"
        chevronPosition="right"
        defaultValue="faq-0"
        styles={{
          item: {
            backgroundColor: 'var(--mantine-color-body)',
            border: '1px solid var(--mantine-color-default-border)',
          },
          control: { paddingBlock: 6 },
        }}
      >
        {faqs.map((faq, index) => (
          <Accordion.Item key={faq.question} value={`faq-${index}`}>
            <Accordion.Control>
              <Text fw={600} component="span">
                {faq.question}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {faq.answer}
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {branding.supportEmail ? (
        <Text mt="xl" c="dimmed">
          Still have a question? Write to{' '}
          <Anchor href={`mailto:${branding.supportEmail}`} underline="always">
            {branding.supportEmail}
          </Anchor>{' '}
          and we will reply within 24 hours.
        </Text>
      ) : null}
    </>
  );
}
