/** Current time, injectable so tests can move it (key expiry, token lifetime). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function addHours(date: Date, hours: number): Date {
  return new Date(date.getTime() + hours * 3_600_000);
}
