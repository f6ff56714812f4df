/** Query keys of the booking settings screens (issue 15 §4); mutations invalidate what they change. */
export const studioBookingKeys = {
  calendars: () => ['studio', 'booking', 'calendars'] as const,
  types: (includeInactive: boolean) => ['studio', 'booking', 'types', { includeInactive }] as const,
  allTypes: () => ['studio', 'booking', 'types'] as const,
  invites: (page: number, pageSize: number) => ['studio', 'booking', 'invites', { page, pageSize }] as const,
  allInvites: () => ['studio', 'booking', 'invites'] as const,
};

/**
 * Other screens' queries these changes show in: the activity log, the home screen, the bookings week,
 * and the types and calendars a company's bulk invite offers (GET /studio/appointment-types).
 */
export const studioActivityKeys = {
  all: ['studio', 'activity'] as const,
  today: ['studio', 'today'] as const,
  bookings: ['studio', 'bookings'] as const,
  appointmentOptions: ['studio', 'appointment-types'] as const,
};
