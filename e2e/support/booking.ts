// The booking screens' helpers shared by the appointment journeys: the demo studio's calendar days
// (America/Chicago), the date picker's labels, and picking the first free day.
import { expect, type Page } from '@playwright/test';

export const STUDIO_ZONE = 'America/Chicago';
export const DEMO_LOCATIONS = ['Downtown studio', 'Northside studio'] as const;

/** YYYY-MM-DD of `date` on the studio's calendar. */
export function chicagoDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: STUDIO_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** The DatePicker's label of a day: "30 November 2026". */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const month = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long' }).format(new Date(Date.UTC(y!, m! - 1, 1)));
  return `${d} ${month} ${y}`;
}

export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** A mailed link as a path to open on the test's own base URL. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

export function datePicker(page: Page) {
  return page.getByRole('heading', { name: 'Choose a date' }).locator('..');
}

/**
 * Clicks the first enabled day from `from` on (turning months forward as needed) and answers it.
 * Days of "Headshot" must be over 24 hours ahead for the mail to carry the manage link (its cutoff).
 */
export async function pickFreeDay(page: Page, from: string, days = 60): Promise<string> {
  const picker = datePicker(page);
  for (let i = 0; i < days; i++) {
    const day = addDays(from, i);
    let button = picker.getByRole('button', { name: dayLabel(day), exact: true });
    for (let turns = 0; turns < 3 && (await button.count()) === 0; turns++) {
      await picker.getByRole('button', { name: 'Next month' }).click();
      button = picker.getByRole('button', { name: dayLabel(day), exact: true });
    }
    await expect(button).toHaveCount(1);
    // The month's free days come in one call; wait for it before reading the greyed-out ones.
    await expect(page.getByText('Checking free days…')).toHaveCount(0);
    if ((await button.getAttribute('data-disabled')) === null) {
      await button.click();
      return day;
    }
  }
  throw new Error(`no free day in the ${days} days from ${from}`);
}

/** The slot buttons of the chosen day (grouped Morning / Afternoon / Evening). */
export function slotButtons(page: Page) {
  return page.getByRole('group', { name: /^(Morning|Afternoon|Evening)$/ }).getByRole('button');
}
