// An API group served beside the engine's kinds (authorization reviews, metrics): its discovery
// entries and the handler of the requests below /apis/GROUP/VERSION/.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServeContext } from './context';

/** metav1.APIResource of a side group's resource. */
export interface SideResource {
  name: string;
  singularName: string;
  namespaced: boolean;
  kind: string;
  verbs: string[];
}

export interface SideGroup {
  group: string;
  version: string;
  resources: SideResource[];
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
