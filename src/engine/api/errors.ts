// API errors shaped like the real API server's metav1.Status, with the same message forms
// (k8s.io/apimachinery/pkg/api/errors and pkg/util/validation/field).

export type StatusReason =
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'BadRequest'
  | 'Forbidden'
  | 'MethodNotAllowed'
  | 'Gone'
  | 'Expired'
  | 'TooManyRequests'
  | 'InternalError'
  | 'Timeout'
  | 'RequestEntityTooLarge'
  /** StatusReasonUnknown: no reason given (e.g. an error passed on from etcd). */
  | '';

export interface StatusCause {
  reason?: string;
  message: string;
  field?: string;
}

export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure' | 'Success';
  message: string;
  reason: StatusReason;
  details?: { name?: string; group?: string; kind?: string; causes?: StatusCause[]; retryAfterSeconds?: number };
  code: number;
}

/** The kind of a field error, with the text field.Error prints for it. */
export type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'InternalError'
  | 'FieldValueTypeInvalid';

const typeText: Record<FieldErrorType, string> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  InternalError: 'Internal error',
  FieldValueTypeInvalid: 'Invalid value',
};

/** One validation failure at a field path, like field.Error. */
export interface FieldError {
  type: FieldErrorType;
  field: string;
  /** The offending value; omitted for Required / Forbidden / TooLong. */
  value?: unknown;
  hasValue?: boolean;
  detail?: string;
}

/** Go's %#v-ish rendering used by field.Error for the bad value. */
function renderValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** field.Error.Error(): `spec.x: Invalid value: "v": detail`. */
export function fieldErrorMessage(e: FieldError): string {
  return `${e.field}: ${fieldErrorBody(e)}`;
}

/** field.Error.ErrorBody(): everything after the field path. */
export function fieldErrorBody(e: FieldError): string {
  let s = typeText[e.type];
  const showValue =
    e.hasValue !== false &&
    e.type !== 'FieldValueRequired' &&
    e.type !== 'FieldValueForbidden' &&
    e.type !== 'FieldValueTooLong' &&
    e.type !== 'FieldValueTooMany' &&
    e.type !== 'InternalError' &&
    'value' in e;
  if (showValue) s += `: ${renderValue(e.value)}`;
  if (e.detail) s += `: ${e.detail}`;
  return s;
}

export const field = {
  required: (path: string, detail?: string): FieldError => ({ type: 'FieldValueRequired', field: path, detail }),
  invalid: (path: string, value: unknown, detail?: string): FieldError => ({
    type: 'FieldValueInvalid',
    field: path,
    value,
    detail,
  }),
  duplicate: (path: string, value: unknown): FieldError => ({ type: 'FieldValueDuplicate', field: path, value }),
  notSupported: (path: string, value: unknown, supported: string[]): FieldError => ({
    type: 'FieldValueNotSupported',
    field: path,
    value,
    detail: supported.length ? `supported values: ${supported.map((v) => JSON.stringify(v)).join(', ')}` : undefined,
  }),
  forbidden: (path: string, detail: string): FieldError => ({ type: 'FieldValueForbidden', field: path, detail }),
  notFound: (path: string, value: unknown): FieldError => ({ type: 'FieldValueNotFound', field: path, value }),
  tooLong: (path: string, max: number): FieldError => ({
    type: 'FieldValueTooLong',
    field: path,
    detail: `may not be more than ${max} bytes`,
  }),
};

/** An API request that failed; carries the Status the server would return. */
export class ApiError extends Error {
  constructor(readonly status: Status) {
    super(status.message);
    this.name = 'ApiError';
  }
  get code(): number {
    return this.status.code;
  }
  get reason(): StatusReason {
    return this.status.reason;
  }
}

/** Identifies a resource in messages: `pods`, `deployments.apps`. */
export interface GroupResource {
  group: string;
  resource: string;
}

function qualified(gr: GroupResource): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}

function status(code: number, reason: StatusReason, message: string, details?: Status['details']): ApiError {
  return new ApiError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, details, code });
}

export const errors = {
  notFound: (gr: GroupResource, name: string) =>
    status(404, 'NotFound', `${qualified(gr)} "${name}" not found`, { name, group: gr.group, kind: gr.resource }),
  alreadyExists: (gr: GroupResource, name: string) =>
    status(409, 'AlreadyExists', `${qualified(gr)} "${name}" already exists`, { name, group: gr.group, kind: gr.resource }),
  conflict: (gr: GroupResource, name: string, why: string) =>
    status(409, 'Conflict', `Operation cannot be fulfilled on ${qualified(gr)} "${name}": ${why}`, {
      name,
      group: gr.group,
      kind: gr.resource,
    }),
  /** 422: `Pod "x" is invalid: a: ..., b: ...` (several errors are bracketed, like utilerrors.NewAggregate). */
  invalid: (group: string, kind: string, name: string, allErrs: FieldError[]) => {
    // utilerrors.NewAggregate drops repeated messages; validators can report one field twice.
    const seen = new Set<string>();
    const errs = allErrs.filter((e) => {
      const m = fieldErrorMessage(e);
      if (seen.has(m)) return false;
      seen.add(m);
      return true;
    });
    const messages = errs.map(fieldErrorMessage);
    const joined = messages.length === 1 ? messages[0] : `[${messages.join(', ')}]`;
    return status(422, 'Invalid', `${kind}${group ? '.' + group : ''} "${name}" is invalid: ${joined}`, {
      name,
      group,
      kind,
      causes: errs.map((e) => ({ reason: e.type, message: fieldErrorBody(e), field: e.field })),
    });
  },
  badRequest: (message: string) => status(400, 'BadRequest', message),
  /** errors.NewApplyConflict: server-side apply's conflicts between field managers. */
  applyConflict: (message: string, causes: StatusCause[]) => status(409, 'Conflict', message, { causes }),
  /** The 404 for a path the server does not serve, e.g. a subresource the kind lacks (`…/scale`). */
  resourceNotFound: () => status(404, 'NotFound', 'the server could not find the requested resource', {}),
  forbidden: (gr: GroupResource, name: string, why: string) =>
    status(403, 'Forbidden', `${qualified(gr)} "${name}" is forbidden: ${why}`, { name, group: gr.group, kind: gr.resource }),
  methodNotAllowed: (message: string) => status(405, 'MethodNotAllowed', message),
  gone: (message: string) => status(410, 'Expired', message),
  tooManyRequests: (message: string, causes?: StatusCause[], retryAfterSeconds?: number) =>
    status(429, 'TooManyRequests', message, { causes, retryAfterSeconds }),
  internal: (message: string) => status(500, 'InternalError', `Internal error occurred: ${message}`),
  /** 413: a request body over the server's MaxRequestBodyBytes. */
  requestEntityTooLarge: (limit: number) => status(413, 'RequestEntityTooLarge', `Request entity too large: limit is ${limit}`),
  /** etcd's refusal of an object over its request limit, passed on as a 500 with no reason. */
  storageRequestTooLarge: () => status(500, '', 'etcdserver: request is too large'),
};

export function isApiError(e: unknown, reason?: StatusReason): e is ApiError {
  return e instanceof ApiError && (reason === undefined || e.reason === reason);
}
