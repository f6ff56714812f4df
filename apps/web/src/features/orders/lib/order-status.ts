import type { OrderStatus } from '@studio-gallery/contract';

export const orderStatusColors: Record<OrderStatus, string> = { PENDING: 'yellow', DELIVERED: 'teal' };
