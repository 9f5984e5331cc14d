// kubectl logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER] | -l SELECTOR: which pods and containers
// to read (the default container, --all-containers, a workload's first pod or --all-pods), then
// the API server's side of the request — its container check, the empty answer for an unscheduled
// pod, the proxy to the node's kubelet — and the kubelet's filtering (--since, --since-time,
// --tail, --limit-bytes, --timestamps). `-f` keeps printing what the containers write until they
// exit or the stream is stopped, like `get -w`.

import { parseGoDuration } from '../../../k8s/duration';
import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import type { ContainerLogRequest } from '../../kubelet/kubelet-api';
import type { LogLine } from '../../kubelet/container/types';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { formatApiError } from '../print-error';
import { resolveType } from '../resources';
import { requestNamespace } from './common-flags';
import { podSelectorOf, podsForSelector } from './log-pods';
import {
  allContainerNames,
  containersInLogOrder,
  DEFAULT_CONTAINER_ANNOTATION,
  findContainer,
  firstContainerName,
  hasSeveralContainers,
} from './pod-containers';

export const logsFlags: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'all-containers', type: 'bool' },
  { name: 'all-pods', type: 'bool' },
  { name: 'container', short: 'c', type: 'string' },
  { name: 'follow', short: 'f', type: 'bool' },
  { name: 'ignore-errors', type: 'bool' },
  { name: 'insecure-skip-tls-verify-backend', type: 'bool' },
  { name: 'limit-bytes', type: 'int', default: 0 },
  { name: 'max-log-requests', type: 'int', default: 5 },
  { name: 'pod-running-timeout', type: 'duration', default: '20s' },
  { name: 'prefix', type: 'bool' },
  { name: 'previous', short: 'p', type: 'bool' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'since', type: 'duration', default: '0s' },
  { name: 'since-time', type: 'string' },
  { name: 'tail', type: 'int', default: -1 },
  { name: 'timestamps', type: 'bool' },
];

const USAGE = `expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command`;
const HELP_HINT = "See 'kubectl logs -h' for help and examples";
/** The kubelet's port the API server proxies log requests to. */
const KUBELET_PORT = 10250;
/** The tail kubectl asks for when reading by selector without --tail. */
const SELECTOR_TAIL = 10;

/** The kubelet's log filters and kubectl's formatting (`kubeplay serve`'s pods/log reads them too). */
export interface LogOptions {
  previous: boolean;
  follow: boolean;
  timestamps: boolean;
  prefix: boolean;
  /** Only lines written at or after this virtual time (from --since or --since-time). */
  sinceMs?: number;
  tail?: number;
  limitBytes?: number;
}

/** One `GET pods/<name>/log?container=<c>` kubectl sends. */
interface LogTarget {
  pod: KObject;
  container: string;
}

export function runLogs(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags, args } = parsed;
  const selector = (flags.selector as string | undefined) ?? '';
  let container = (flags.container as string | undefined) ?? '';
  if (args.length === 0 && !selector) throw new KubectlError(USAGE, HELP_HINT);
  if (args.length === 1 && selector) throw new KubectlError('only a selector (-l) or a POD name is allowed', HELP_HINT);
  if (args.length > 2) throw new KubectlError(USAGE, HELP_HINT);
  if (args.length === 2) container = args[1];
  const options = logOptions(parsed, env, selector);
  const allContainers = !!flags['all-containers'];
  // Validate, in kubectl's order.
  if (flags['since-time'] && sinceSeconds(parsed) !== 0) {
    throw new KubectlError('at most one of `sinceTime` or `sinceSeconds` may be specified');
  }
  if (allContainers && container) {
    throw new KubectlError(`--all-containers=true should not be specified with container name ${container}`);
  }
  if (parsed.changed.has('container') && args.length === 2) {
    throw new KubectlError('only one of -c or an inline [CONTAINER] arg is allowed');
  }
  if ((flags['limit-bytes'] as number) < 0) throw new KubectlError('--limit-bytes must be greater than 0');
  if (sinceSeconds(parsed) < 0) throw new KubectlError('--since must be greater than 0');
  if (options.tail !== undefined && options.tail < -1) throw new KubectlError('--tail must be greater than or equal to -1');

  const namespace = requestNamespace(parsed);
  const pods = podsToRead(parsed, io, env, namespace, selector);
  if (pods === undefined) return 0;
  const targets: LogTarget[] = [];
  for (const { pod, quiet } of pods) targets.push(...containersToRead(pod, container, allContainers, quiet, io));

  if (options.follow && targets.length > 1) {
    const max = flags['max-log-requests'] as number;
    if (targets.length > max) {
      throw new KubectlError(
        `you are attempting to follow ${targets.length} log streams, but maximum allowed concurrency is ${max}, use --max-log-requests to increase the limit`,
      );
    }
  }
  return readLogs(targets, options, !!flags['ignore-errors'], io, env);
}

function sinceSeconds(parsed: ParsedArgs): number {
  // A duration flag: its text was checked when the flags were parsed.
  const ms = parseGoDuration(parsed.flags.since as string);
  // Rounded to the nearest second, as kubectl sends sinceSeconds.
  return Math.round(ms / 1000);
}

function logOptions(parsed: ParsedArgs, env: KubectlEnv, selector: string): LogOptions {
  const { flags } = parsed;
  const options: LogOptions = {
    previous: !!flags.previous,
    follow: !!flags.follow,
    timestamps: !!flags.timestamps,
    prefix: !!flags.prefix || !!flags['all-pods'],
  };
  const sinceTime = flags['since-time'] as string | undefined;
  if (sinceTime) {
    const at = parseRFC3339(sinceTime);
    options.sinceMs = at - env.clock.epochMs;
  }
  const since = sinceSeconds(parsed);
  if (since > 0) options.sinceMs = env.clock.now() - since * 1000;
  const tail = flags.tail as number;
  if (selector && tail === -1 && !parsed.changed.has('tail')) options.tail = SELECTOR_TAIL;
  else if (tail !== -1) options.tail = tail;
  const limit = flags['limit-bytes'] as number;
  if (limit > 0) options.limitBytes = limit;
  return options;
}

/** util.ParseRFC3339 (RFC3339, else RFC3339Nano) to Unix milliseconds. */
function parseRFC3339(value: string): number {
  const ok = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value);
  const ms = ok ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) {
    throw new KubectlError(`parsing time "${value}" as "2006-01-02T15:04:05Z07:00": cannot parse "${value}" as "2006"`);
  }
  return ms;
}

/**
 * The pods to read: the named pod, the selector's pods, or a workload's first pod (all of them
 * with --all-pods). `quiet` pods do not announce their default container (kubectl's allPods).
 * Undefined when a selector matched nothing (kubectl says so and prints no logs).
 */
function podsToRead(
  parsed: ParsedArgs,
  io: KubectlIO,
  env: KubectlEnv,
  namespace: string,
  selector: string,
): { pod: KObject; quiet: boolean }[] | undefined {
  const podDef = env.registry.resolveResource('pods')!;
  const allPods = !!parsed.flags['all-pods'];
  if (selector) {
    const pods = env.api.list(podDef, { namespace, labelSelector: selector }).items;
    if (pods.length === 0) {
      io.err(`No resources found in ${namespace} namespace.\n`);
      return undefined;
    }
    return pods.map((pod) => ({ pod, quiet: allPods }));
  }
  const arg = parsed.args[0];
  const slash = arg.indexOf('/');
  const def = slash >= 0 ? resolveType(env.registry, arg.slice(0, slash)) : podDef;
  const name = slash >= 0 ? arg.slice(slash + 1) : arg;
  const obj = getNamed(env, def, namespace, name);
  if (def === podDef) return [{ pod: obj, quiet: allPods }];
  const timeoutMs = parseGoDuration(parsed.flags['pod-running-timeout'] as string);
  const pods = podsForSelector(env, namespace, podSelectorOf(def, obj), timeoutMs);
  if (allPods) return pods.map((pod) => ({ pod, quiet: true }));
  if (pods.length > 1) io.err(`Found ${pods.length} pods, using pod/${pods[0].metadata.name ?? ''}\n`);
  return [{ pod: pods[0], quiet: false }];
}

/** The resource builder's GET: a missing object is reported with its namespace, as a client error. */
function getNamed(env: KubectlEnv, def: ReturnType<typeof resolveType>, namespace: string, name: string): KObject {
  try {
    return env.api.get(def, namespace, name);
  } catch (e) {
    if (!(e instanceof ApiError) || e.reason !== 'NotFound') throw e;
    const where = def.namespaced ? ` in namespace "${namespace}"` : '';
    throw new KubectlError(`error from server (NotFound): ${e.status.message}${where}`);
  }
}

/** logsForObject for one pod: the requested, annotated or first container — or all of them. */
function containersToRead(pod: KObject, requested: string, all: boolean, quiet: boolean, io: KubectlIO): LogTarget[] {
  if (all) return containersInLogOrder(pod).map((c) => ({ pod, container: c.name }));
  let container = requested;
  const name = pod.metadata.name ?? '';
  const annotated = pod.metadata.annotations?.[DEFAULT_CONTAINER_ANNOTATION];
  if (!container && annotated) {
    if (findContainer(pod, annotated)) container = annotated;
    else io.err(`Default container name "${annotated}" not found in pod ${name}\n`);
  }
  if (!container) {
    container = firstContainerName(pod);
    if (hasSeveralContainers(pod) && !quiet) {
      io.err(`Defaulted container "${container}" out of: ${allContainerNames(pod)}\n`);
    }
  }
  if (!findContainer(pod, container)) {
    throw new KubectlError(`container ${container} is not valid for pod ${name} out of: ${allContainerNames(pod)}`);
  }
  return [{ pod, container }];
}

// ---- reading ----------------------------------------------------------------------------------

/** A log request the API server accepted: its backlog, and whether it can still grow. */
interface OpenLog {
  target: LogTarget;
  request: ContainerLogRequest;
  lines: readonly LogLine[];
  running: boolean;
}

function readLogs(targets: LogTarget[], options: LogOptions, ignoreErrors: boolean, io: KubectlIO, env: KubectlEnv): number {
  const open: OpenLog[] = [];
  for (const target of targets) {
    const result = requestLog(target, options, env);
    if ('error' in result) {
      // Sequential reads stop at the first failure; a parallel `-f` reports it in the stream
      // when --ignore-errors is set.
      if (options.follow && targets.length > 1 && ignoreErrors) {
        io.out(`error: ${result.message}\n`);
        continue;
      }
      io.err(result.error);
      return 1;
    }
    io.out(render(target, filterLogLines(result.lines, options), options, env));
    if (result.running) open.push({ target, request: result.request, lines: result.lines, running: true });
  }
  if (options.follow && !options.previous && open.length > 0 && env.kubelets) follow(open, options, io, env);
  return 0;
}

/** The API server's LogLocation and the kubelet's answer, or the error text kubectl prints. */
function requestLog(
  target: LogTarget,
  options: LogOptions,
  env: KubectlEnv,
): { request: ContainerLogRequest; lines: readonly LogLine[]; running: boolean } | { error: string; message: string } {
  const { pod, container } = target;
  const request: ContainerLogRequest = {
    namespace: pod.metadata.namespace ?? 'default',
    pod: pod.metadata.name ?? '',
    container,
    previous: options.previous || undefined,
  };
  // A pod without a node has no kubelet to ask: the server answers with an empty body.
  const nodeName: string = pod.spec?.nodeName ?? '';
  if (!nodeName) return { request, lines: [], running: false };
  if (!env.kubelets) {
    const host = nodeAddress(pod, env);
    const url = `https://${host}:${KUBELET_PORT}/containerLogs/${request.namespace}/${request.pod}/${container}`;
    // A proxy failure is not an API status: kubectl prints it without a reason.
    const message = `Get "${url}": dial tcp ${host}:${KUBELET_PORT}: connect: connection refused`;
    return { error: `Error from server: ${message}\n`, message };
  }
  const result = env.kubelets.containerLogs(request);
  if (!result.ok) return { error: formatApiError(result.error), message: result.error.status.message };
  return { request, lines: result.lines, running: result.running };
}

/** Where the API server dials the kubelet: the node's InternalIP (the pod's hostIP), else its name. */
function nodeAddress(pod: KObject, env: KubectlEnv): string {
  if (pod.status?.hostIP) return pod.status.hostIP;
  const nodeDef = env.registry.resolveResource('nodes');
  const node = nodeDef ? env.api.tryGet(nodeDef, undefined, pod.spec.nodeName) : undefined;
  const addresses: { type: string; address: string }[] = node?.status?.addresses ?? [];
  return addresses.find((a) => a.type === 'InternalIP')?.address ?? pod.spec.nodeName;
}

/** The kubelet's filters, in its order: since, then the tail, then the byte limit (in render). */
export function filterLogLines(lines: readonly LogLine[], options: LogOptions): readonly LogLine[] {
  let out = lines;
  if (options.sinceMs !== undefined) out = out.filter((l) => l.atMs >= options.sinceMs!);
  if (options.tail !== undefined && options.tail >= 0) out = options.tail === 0 ? [] : out.slice(-options.tail);
  return out;
}

function render(target: LogTarget, lines: readonly LogLine[], options: LogOptions, env: KubectlEnv): string {
  let text = lines.map((l) => formatLine(target, l, options, env)).join('');
  if (options.limitBytes !== undefined) text = truncateBytes(text, options.limitBytes);
  return text;
}

function formatLine(target: LogTarget, line: LogLine, options: LogOptions, env: KubectlEnv): string {
  const prefix = options.prefix ? `[pod/${target.pod.metadata.name ?? ''}/${target.container}] ` : '';
  const stamp = options.timestamps ? `${rfc3339Nano(line.atMs, env)} ` : '';
  // LogLine text is one line without its newline (the runtime splits what the process writes).
  return `${prefix}${stamp}${line.text}\n`;
}

/** Go's time.RFC3339Nano of a virtual instant: trailing zeros of the fraction are dropped. */
export function rfc3339Nano(atMs: number, env: { clock: { epochMs: number } }): string {
  const iso = new Date(env.clock.epochMs + atMs).toISOString();
  return iso.replace(/\.(\d+)Z$/, (_, frac: string) => {
    const trimmed = frac.replace(/0+$/, '');
    return trimmed ? `.${trimmed}Z` : 'Z';
  });
}

/** --limit-bytes: the first `limit` bytes of the UTF-8 text. */
export function truncateBytes(text: string, limit: number): string {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= limit) return text;
  return new TextDecoder().decode(bytes.slice(0, limit));
}

/** `-f`: print what each running container writes from now on, until all exit or Ctrl+C. */
function follow(open: OpenLog[], options: LogOptions, io: KubectlIO, env: KubectlEnv): void {
  const stops: (() => void)[] = [];
  let remaining = options.limitBytes;
  let live = open.length;
  let ended: (() => void) | void = undefined;
  const stopAll = () => {
    for (const stop of stops.splice(0)) stop();
  };
  for (const log of open) {
    const stop = env.kubelets!.followLogs(
      log.request,
      (line) => {
        let text = formatLine(log.target, line, options, env);
        if (remaining !== undefined) {
          if (remaining <= 0) return;
          text = truncateBytes(text, remaining);
          remaining -= new TextEncoder().encode(text).length;
        }
        io.out(text);
      },
      () => {
        live--;
        if (live === 0) {
          stopAll();
          // Every container exited: the command is over, the terminal gets its prompt back.
          ended?.();
        }
      },
    );
    stops.push(stop);
  }
  if (live === 0) return;
  ended = io.stream(stopAll);
}

/**
 * What `kubectl attach` shows: the container's output from now on (nothing it wrote before),
 * until it exits or Ctrl+C — the same stream as `logs -f --tail=0`.
 */
export function streamOutputFromNow(pod: KObject, container: string, io: KubectlIO, env: KubectlEnv): number {
  const options: LogOptions = { previous: false, follow: true, timestamps: false, prefix: false, tail: 0 };
  return readLogs([{ pod, container }], options, false, io, env);
}
