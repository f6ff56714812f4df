/** Query keys of the studio's settings screens (issue 15 §4); mutations invalidate what they change. */
export const studioSettingsKeys = {
  prices: () => ['studio', 'settings', 'prices'] as const,
  coupons: () => ['studio', 'settings', 'coupons'] as const,
  surveys: () => ['studio', 'settings', 'surveys'] as const,
  surveyResponses: (surveyId: number, page: number, pageSize: number) => ['studio', 'settings', 'surveys', surveyId, 'responses', { page, pageSize }] as const,
  revenue: (weeks: number) => ['studio', 'settings', 'revenue', weeks] as const,
};

/** The activity log's queries (features/studio's keys): every settings change is a new entry. */
export const studioActivityKeys = { all: ['studio', 'activity'] as const, today: ['studio', 'today'] as const };
