// The errors a PATCH request fails with, shaped like the Status the API server returns
// (k8s.io/apiserver pkg/endpoints/handlers/patch.go and k8s.io/apimachinery pkg/api/errors).

import { ApiError, errors, field, type Status, type StatusReason } from '../errors';

/** A patch that could not be applied. `detail` says why in the patch library's words. */
export class PatchError extends ApiError {
  /**
   * The underlying reason. For a JSON patch that fails to apply the server only answers with a
   * generic message (the reason is not in the Status), so this is where the reason is kept.
   */
  readonly detail: string;

  constructor(status: Status, detail?: string) {
    super(status);
    this.name = 'PatchError';
    this.detail = detail ?? status.message;
  }
}

function status(code: number, reason: StatusReason, message: string, details?: Status['details']): Status {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, details, code };
}

/** The message errors.NewGenericServerResponse uses for a 422. */
export const UNPROCESSABLE_MESSAGE = 'the server rejected our request due to an error in our request';

export const patchErrors = {
  /** 400 with the decoder's or the patch library's message (errors.NewBadRequest). */
  badRequest: (message: string) => new PatchError(status(400, 'BadRequest', message)),

  /**
   * 422 as errors.NewGenericServerResponse builds it: a fixed message and an empty details block.
   * Used when a JSON patch fails to apply, and for a strategic patch that has lists of lists.
   */
  unprocessable: (detail: string) => new PatchError(status(422, 'Invalid', UNPROCESSABLE_MESSAGE, {}), detail),

  /**
   * An error the server does not map to a Status: it answers 500 with the raw error text (and an
   * empty reason, which the StatusReason type here cannot express, hence InternalError).
   */
  unmapped: (message: string) => new PatchError(status(500, 'InternalError', message)),

  /** The patched document does not decode into an object: a 422 on the `patch` field. */
  notAnObject: (patched: unknown, detail: string) => {
    const e = errors.invalid('', '', '', [field.invalid('patch', JSON.stringify(patched), detail)]);
    return new PatchError(e.status, detail);
  },

  /** An unknown patch content type (the server answers 415 Unsupported Media Type). */
  unsupportedMediaType: (accepted: readonly string[]) =>
    new PatchError(
      // StatusReason has no UnsupportedMediaType member; the code is the real one.
      status(
        415,
        'BadRequest',
        `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
      ),
    ),
};
