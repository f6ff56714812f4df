/**
 * What every /api route declares next to itself, in its `config.operation`: its operationId, who may
 * call it, what each caller of the authorization matrix gets, and the answers the OpenAPI document
 * cannot read from its zod schemas (descriptions, error codes, files). plugins/openapi.ts refuses to
 * start an app with a route that lacks it, builds the document from it, and
 * test/authorization-matrix.test.ts calls every operation as each caller and checks the status.
 */

/** Who may call an operation. */
export type Access =
  /** Anyone, no credentials (sign-in, sign-up, branding, prices). */
  | 'public'
  /** A credential inside the URL itself: a signed media URL, a download token or a session code. */
  | 'link'
  /** A signed-in customer (bearer token), acting on their own data only. */
  | 'user'
  /** The signed-in owner of the photo's session, or a visitor with its session code (X-Session-Code). */
  | 'viewer'
  /** Stripe, proven by its signature over the raw body. */
  | 'webhook'
  /** A signed-in studio staff member or admin (role read from the database on every call; /api/studio). */
  | 'staff'
  /** A signed-in studio admin only (prices, coupons, staff accounts, branding; /api/studio). */
  | 'admin';

/** The callers of the authorization matrix, each pointed at the resources of one first customer. */
export type MatrixCaller =
  /** No credentials at all. */
  | 'anonymous'
  /** A second signed-in customer who owns nothing of the first's. */
  | 'otherCustomer'
  /** A visitor with the session code of the first customer's session, not signed in. */
  | 'visitor'
  /** A signed-in studio staff member (role staff), who owns nothing of the first customer's. */
  | 'staff'
  /** A signed-in studio admin (role admin), who owns nothing of the first customer's. */
  | 'admin';

export const MATRIX_CALLERS: readonly MatrixCaller[] = ['anonymous', 'otherCustomer', 'visitor', 'staff', 'admin'];

/** The callers a customer route must state expectations for; staff and admin get what otherCustomer gets. */
type CustomerCaller = Exclude<MatrixCaller, 'staff' | 'admin'>;

export type SuccessStatus = 200 | 201 | 204 | 302 | 304;
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 429 | 503;
export type HttpStatus = SuccessStatus | ErrorStatus;

/** The first customer's resources a matrix request points at. */
export interface MatrixResources {
  userId: number;
  email: string;
  sessionId: number;
  sessionCode: string;
  /** A photo of the session and its signed preview URL (a path with its query, as answers give it). */
  photoId: number;
  photoUrl: string;
  /** A second photo of the session, which no call of the matrix shares. */
  privatePhotoUrl: string;
  /** A download token of the first photo. */
  downloadHash: string;
  /** A paid order, its transaction, and an unpaid card payment (test provider). */
  orderId: number;
  transactionId: number;
  paymentId: string;
  clientSecret: string;
  /** The storage key of the customer's profile photo (a public asset under /api/media/). */
  profileImageKey: string;
  /** A company (corporate client) of the studio's, not the studio itself (issue 15 §2). */
  companyId: number;
}

/** A request of the matrix: path parameters, query and JSON body (placeholders filled in). */
export interface MatrixRequest {
  /** The path and query as sent, for routes whose URL is the credential (a signed media URL). */
  path?: string;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
}

type Expectations<Required extends MatrixCaller> = { [C in Required]: HttpStatus } & { [C in Exclude<MatrixCaller, Required>]?: HttpStatus };

/**
 * The access, and the status each matrix caller must get when the route is called with `sample`'s
 * request. What a caller is not given defaults by access: everyone gets the first success answer on
 * public and link routes; anonymous callers get 401 on user and viewer routes, visitors 401 on user
 * routes. The rest must be stated, so that nobody forgets what another customer gets. Staff and admin
 * callers get what otherCustomer gets on every non-studio route (they are other signed-in users there)
 * unless stated. Studio routes (staff, admin) default to: anonymous 401, otherCustomer and visitor 403,
 * staff the first success on staff routes and 403 on admin routes, admin the first success.
 */
type AccessRule =
  | { access: 'public' | 'link'; expect?: Expectations<never> }
  | { access: 'user'; expect: Expectations<'otherCustomer'> }
  | { access: 'viewer'; expect: Expectations<'otherCustomer' | 'visitor'> }
  | { access: 'webhook'; expect: Expectations<CustomerCaller> }
  | { access: 'staff' | 'admin'; expect?: Expectations<never> };

export type Operation = AccessRule & {
  /** Stable camelCase operationId, unique in the API: the generated clients' method names. */
  operationId: string;
  /** What each success answer means (the document's response descriptions). 304: revalidated by ETag; 302: a redirect (Location). */
  answers: Partial<Record<SuccessStatus, string>>;
  /**
   * Failures this route's own logic answers. The rest is added from the route's shape: 400 when it
   * has a request schema, 401 on user and viewer routes, 413 and 415 when it takes a body, 429 with
   * the sign-in budget and on viewer routes (the session-code budget). Every failure body is the Error schema (LegacyResult on legacyErrorBody routes).
   */
  errors?: readonly ErrorStatus[];
  /** The success answer is a file in one of these media types (binary), not JSON. */
  files?: readonly string[];
  /** Credentials are optional: a bearer token or session code widens what the call may reach. */
  optionalViewer?: boolean;
  /** The matrix request, pointing at the first customer's resources. */
  sample?: (resources: MatrixResources) => MatrixRequest;
  /** Left out of the OpenAPI document (a static asset route); still in the matrix. */
  hidden?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route (see routes/api/operation.ts). */
    operation?: Operation;
  }
}

/** A registered /api operation: the route table the document and the matrix are built from. */
export interface ApiOperation {
  method: string;
  /** The route's URL as registered (`/api/Photos/:id`). */
  url: string;
  operation: Operation;
  /** Whether the route takes a request body, query or path parameters (validated: 400). */
  validates: boolean;
  takesBody: boolean;
  /** The route runs the sign-in attempt budget (429). */
  rateLimited: boolean;
  /** Legacy `{ success, massage, message }` failure bodies. */
  legacyErrorBody: boolean;
}

/** The security requirement of an access, for the document. */
export function securityOf(operation: Operation): Record<string, string[]>[] {
  switch (operation.access) {
    case 'user':
    case 'staff':
    case 'admin':
      return [{ bearerAuth: [] }];
    case 'viewer':
      return [{ bearerAuth: [] }, { sessionCode: [] }];
    default:
      return operation.optionalViewer ? [{}, { bearerAuth: [] }, { sessionCode: [] }] : [];
  }
}

/** The first success answer (what public and link routes give everyone). */
export function primarySuccess(operation: Operation): SuccessStatus {
  const first = Object.keys(operation.answers)
    .map(Number)
    .sort((a, b) => a - b)[0];
  if (first === undefined) throw new Error(`operation ${operation.operationId} declares no answer`);
  return first as SuccessStatus;
}

/** The status a matrix caller must get (see AccessRule). */
export function expectedStatus(operation: Operation, caller: MatrixCaller): HttpStatus {
  const stated = (operation.expect as Partial<Record<MatrixCaller, HttpStatus>> | undefined)?.[caller];
  if (stated !== undefined) return stated;
  if (operation.access === 'staff' || operation.access === 'admin') {
    if (caller === 'anonymous') return 401;
    if (caller === 'otherCustomer' || caller === 'visitor') return 403;
    if (caller === 'staff' && operation.access === 'admin') return 403;
    return primarySuccess(operation);
  }
  if (caller === 'staff' || caller === 'admin') return expectedStatus(operation, 'otherCustomer');
  switch (operation.access) {
    case 'public':
    case 'link':
      return primarySuccess(operation);
    case 'user':
      return 401;
    case 'viewer':
      if (caller === 'anonymous') return 401;
      break;
    default:
      break;
  }
  throw new Error(`operation ${operation.operationId} states no expectation for ${caller}`);
}

/** Every failure status the route answers: its own plus those its shape implies. */
export function errorStatuses(route: ApiOperation): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(route.operation.errors ?? []);
  if (route.validates) statuses.add(400);
  const viewer = route.operation.access === 'viewer' || route.operation.optionalViewer === true;
  if (route.operation.access === 'user' || viewer) statuses.add(401);
  // Studio calls: 401 signed out, 403 for customers and session-code visitors (and staff on admin calls).
  if (route.operation.access === 'staff' || route.operation.access === 'admin') {
    statuses.add(401);
    statuses.add(403);
  }
  // Every call that takes a session code spends the budget of wrong codes (plugins/session-code-limit.ts).
  if (viewer) statuses.add(429);
  // A gallery's photos once it is archived (the gallery lifecycle): 410 with the message to contact the studio.
  if (route.operation.access === 'viewer') statuses.add(410);
  if (route.takesBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.rateLimited) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

export const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;
