import type { StudioOrderFilter } from '@studio-gallery/contract';

/** A page of a studio list (the contract's studioPageQuery, as the screens send it). */
export interface StudioPage {
  page: number;
  pageSize: number;
}

export interface StudioCustomersParams extends StudioPage {
  search: string;
}

/** The week view's request: every calendar (the screen chooses one), `days` days from `from`. */
export interface StudioBookingsParams {
  from: string;
  days: number;
}

export interface StudioOrdersParams extends StudioPage {
  status: StudioOrderFilter;
}

/** Query keys of the studio's screens; mutations invalidate the ones they change. */
export const studioKeys = {
  all: ['studio'] as const,
  today: () => ['studio', 'today'] as const,
  activity: (query: StudioPage) => ['studio', 'activity', query] as const,
  activityAll: () => ['studio', 'activity'] as const,
  customers: (query: StudioCustomersParams) => ['studio', 'customers', query] as const,
  bookings: (query: StudioBookingsParams) => ['studio', 'bookings', query] as const,
  staff: () => ['studio', 'staff'] as const,
  ordersAll: () => ['studio', 'orders'] as const,
  orders: (query: StudioOrdersParams) => ['studio', 'orders', 'list', query] as const,
  order: (id: number) => ['studio', 'orders', 'detail', id] as const,
  shootsAll: () => ['studio', 'shoots'] as const,
  shoots: (query: StudioPage) => ['studio', 'shoots', 'list', query] as const,
  shoot: (id: number) => ['studio', 'shoots', 'detail', id] as const,
};
