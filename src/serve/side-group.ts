// An API group served beside the engine's stored kinds (authorization reviews, metrics): the
// handler of the requests below /apis/GROUP/VERSION/ (discovery lists it from the kind registry).

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NonStoredGroupVersion } from '../engine/api/kinds/non-stored-groups';
import type { ServeContext } from './context';

export interface SideGroup {
  /** The group version and its resources, as the engine's kind registry lists them. */
  served: NonStoredGroupVersion;
  /** Answers a request below /apis/GROUP/VERSION/ (`rest`: the path segments after it). */
  handle(
    ctx: ServeContext,
    req: IncomingMessage,
    res: ServerResponse,
    rest: string[],
    query: URLSearchParams,
    body: string,
  ): void;
}
