/** Query keys of the booking screen; mutations invalidate the ones they change. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  invite: (inviteId: string) => ['appointments', 'invite', inviteId] as const,
  calendars: (inviteId: string) => ['appointments', 'calendars', inviteId] as const,
  days: (appointmentTypeId: number, calendarId: number, month: string) => ['appointments', 'days', appointmentTypeId, calendarId, month] as const,
  daysOf: (appointmentTypeId: number, calendarId: number) => ['appointments', 'days', appointmentTypeId, calendarId] as const,
  times: (appointmentTypeId: number, calendarId: number, date: string) => ['appointments', 'times', appointmentTypeId, calendarId, date] as const,
  timesOf: (appointmentTypeId: number, calendarId: number) => ['appointments', 'times', appointmentTypeId, calendarId] as const,
  managed: (token: string) => ['appointments', 'managed', token] as const,
};
