// What the API server reaches through a node's kubelet (port 10250): container logs. kubectl's
// `logs` goes API server → kubelet; this is that path, returning the API server's errors as the
// kubelet phrases them.

import type { ApiError } from '../api/errors';
import type { LogLine } from './container/types';

export interface ContainerLogRequest {
  readonly namespace: string;
  readonly pod: string;
  /** Required: kubectl resolves the default container before it asks. */
  readonly container: string;
  /** The previous (terminated) instance instead of the current one. */
  readonly previous?: boolean;
}

export type ContainerLogResult =
  | {
      readonly ok: true;
      /** Every line of that instance so far, oldest first. */
      readonly lines: readonly LogLine[];
      /** Whether the instance may still write (false once it exited): `-f` stops when false. */
      readonly running: boolean;
    }
  | { readonly ok: false; readonly error: ApiError };

export interface KubeletApi {
  containerLogs(request: ContainerLogRequest): ContainerLogResult;
  /**
   * Streams lines the current instance writes from now on (after those `containerLogs` returned)
   * until it exits (`onEnd`) or the returned function is called.
   */
  followLogs(request: ContainerLogRequest, onLine: (line: LogLine) => void, onEnd: () => void): () => void;
}
