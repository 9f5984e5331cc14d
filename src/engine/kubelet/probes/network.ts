// The kubelet's view of a container's sockets, shared by probes and lifecycle hooks: port
// resolution (named ports), whether a connection to the pod IP is accepted, and what an HTTP GET
// returns. Error texts are Go's net/http and net.Dial ones, which the kubelet passes on verbatim.
//
// Which ports accept: a container accepts only while a server process runs (a sleeping shell
// listens on nothing). A server the simulator knows (nginx, redis…) listens on its own ports,
// whatever the pod declares, so probing the wrong port fails as it would for real. Otherwise the
// declared containerPorts ∪ the image's listenPorts; with neither known, any port.

import { serverModel } from '../container/servers';
import type { Process } from '../container/types';

export interface ContainerPortSpec {
  containerPort: number;
  name?: string;
}

export interface PodEndpoint {
  /** The container's process; undefined when it is not running. */
  process: Process | undefined;
  podIP: string;
  /** Declared container ports (for named ports and, for unknown servers, what listens). */
  ports?: readonly ContainerPortSpec[];
  /** The image's listen ports from the catalog (undefined: unknown). */
  listenPorts?: readonly number[];
  nowMs: number;
  /**
   * The pod's other running containers: all of a pod's containers share one network namespace,
   * so a port any of them listens on answers on the pod IP (and on localhost).
   */
  siblings?: readonly ContainerSocket[];
}

/** What listens in one container of the pod. */
export interface ContainerSocket {
  process: Process | undefined;
  ports?: readonly ContainerPortSpec[];
  listenPorts?: readonly number[];
}

/** probe.ResolveContainerPort: an int is used as is; a string must name a declared port. */
export function resolvePort(
  port: number | string | undefined,
  ports: readonly ContainerPortSpec[] = [],
): { port: number } | { error: string } {
  let n: number;
  if (typeof port === 'number') n = port;
  else if (typeof port === 'string') {
    const named = ports.find((p) => p.name === port);
    if (!named) return { error: `port "${port}" not found` };
    n = named.containerPort;
  } else return { error: `intOrString had no kind: {Type:0 IntVal:0 StrVal:}` };
  if (Number.isInteger(n) && n > 0 && n < 65536) return { port: n };
  return { error: `invalid port number: ${n}` };
}

/** net.JoinHostPort. */
export const joinHostPort = (host: string, port: number) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

/** Whether one container's server listens on `port` right now. */
function listensOn(socket: ContainerSocket, port: number, nowMs: number): boolean {
  const serving = socket.process?.serving(nowMs);
  if (!serving) return false;
  const model = serverModel(serving.argv);
  if (model?.ports) return model.ports.includes(port);
  const declared = (socket.ports ?? []).map((p) => p.containerPort);
  if (socket.listenPorts === undefined && declared.length === 0) return true;
  return declared.includes(port) || (socket.listenPorts ?? []).includes(port);
}

/** The container of the pod that answers on `port`: this one first, then its siblings. */
function listener(ep: PodEndpoint, port: number): ContainerSocket | undefined {
  if (listensOn(ep, port, ep.nowMs)) return ep;
  return ep.siblings?.find((s) => listensOn(s, port, ep.nowMs));
}

/** Does a TCP connection to `port` succeed right now? */
export function accepts(ep: PodEndpoint, port: number): boolean {
  return listener(ep, port) !== undefined;
}

export const connectionRefused = (hostPort: string) => `dial tcp ${hostPort}: connect: connection refused`;

export type HttpResult = { status: number } | { error: string };

/** An HTTP GET to the pod's server: its status, or the Go client's error (with `Get "url": `). */
export function httpGet(ep: PodEndpoint, scheme: string, host: string, port: number, path: string): HttpResult {
  const url = `${scheme}://${joinHostPort(host, port)}${path}`;
  const answering = listener(ep, port);
  if (!answering) return { error: `Get "${url}": ${connectionRefused(joinHostPort(host, port))}` };
  const serving = answering.process?.serving(ep.nowMs);
  const model = serving ? serverModel(serving.argv) : undefined;
  if (model?.httpError !== undefined) return { error: `Get "${url}": ${model.httpError}` };
  if (scheme === 'https') return { error: `Get "${url}": http: server gave HTTP response to HTTPS client` };
  const bare = path.replace(/[?#].*$/, '') || '/';
  const uptime = serving ? ep.nowMs - serving.sinceMs : 0;
  return { status: model?.http ? model.http(bare, uptime) : 200 };
}
