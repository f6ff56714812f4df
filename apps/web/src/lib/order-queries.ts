/**
 * Query-key roots of the customer's orders, shared by the feature that shows orders and the one
 * that creates them (features do not import each other): invalidating a root refreshes every
 * query under it.
 */
export const orderQueryRoots = {
  /** GET /users/user-orders/details/{userId}: Recent Orders, Bill & Invoices. */
  userOrders: 'user-orders',
  /** GET /SpecialRequest and GET /SpecialRequest/{id}: the orders page and the invoice page. */
  specialRequests: 'special-requests',
} as const;
