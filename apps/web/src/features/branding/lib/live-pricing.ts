import { turnaroundText, type FaqEntry, type ServicePrices } from '@studio-gallery/contract';
import { formatMoney } from '../../../lib/format';

/** A FAQ entry about prices (its text would otherwise go stale when the studio changes them). */
const PRICING_QUESTION = /\b(cost|costs|price|prices|pricing|how much)\b/i;

export const PRICING_QUESTION_TEXT = 'How much do retouching services cost?';

/** The pricing answer from the studio's price lookup (the one source of prices). */
export function pricingAnswer(prices: ServicePrices | undefined, failed: boolean): string {
  if (!prices) return failed ? 'Prices are shown when you choose Touch-up or Background in your gallery.' : 'Loading the current prices…';
  const parts: string[] = [];
  if (prices.touchServicePrice !== null) parts.push(`Professional touch-up is ${formatMoney(prices.touchServicePrice)} per photo`);
  if (prices.backgroundServicePrice !== null) parts.push(`background replacement is ${formatMoney(prices.backgroundServicePrice)} per photo`);
  const price = parts.length > 0 ? `${parts.join(' and ')}, plus tax.` : 'Prices are shown when you choose Touch-up or Background in your gallery.';
  return `${price} Turnaround: ${turnaroundText(prices.allowedTurnAround)}.`;
}

/** The studio's FAQ with its pricing entry answered from the live prices (appended when it has none). */
export function withLivePricing(faqs: readonly FaqEntry[], answer: string): FaqEntry[] {
  let replaced = false;
  const out = faqs.map((faq) => {
    if (!PRICING_QUESTION.test(faq.question)) return faq;
    replaced = true;
    return { ...faq, answer };
  });
  if (!replaced) out.push({ question: PRICING_QUESTION_TEXT, answer });
  return out;
}
