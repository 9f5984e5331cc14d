// What every handler of `kubeplay serve` reaches: the simulation (its current cluster: a
// `kubeplay cluster reset` replaces it), the open watches, and the server's log.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiServer } from '../engine/api/apiserver';
import type { KindDefinition } from '../engine/api/kinds/kind-definition';
import type { Simulation } from '../engine/simulation';
import type { ResourcePath } from './request-info';

export interface ServeContext {
  readonly sim: Simulation;
  /** The current cluster's API server. */
  api(): ApiServer;
  /** The served kind at group/version/resource, if any. */
  kindFor(group: string, version: string, resource: string): KindDefinition | undefined;
  /** Registers an open watch; false when the server already holds its maximum. */
  openWatch(close: () => void): { accepted: boolean; done: () => void };
  /** Where handler failures and warnings go (the serve command's stderr). */
  log(message: string): void;
  /** Whether each write request ends by running the reactions due at this instant. */
  readonly reactAfterWrites: boolean;
}

/** One request on a resource path, with everything its handler reads. */
export interface ResourceRequest {
  ctx: ServeContext;
  req: IncomingMessage;
  res: ServerResponse;
  def: KindDefinition;
  path: ResourcePath;
  query: URLSearchParams;
  /** The request body as JSON text (protobuf already decoded), '' for none. */
  body: string;
}
