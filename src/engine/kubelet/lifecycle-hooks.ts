// postStart / preStop handlers as the kubelet's handler runner executes them (k8s
// pkg/kubelet/lifecycle/handlers.go), computed at once in virtual time: the caller schedules the
// outcome durationMs later.
//
//   exec      runs in the container (Process.exec). Fails on a non-zero exit.
//   httpGet   a GET to the pod (or `host`). Fails only when the request fails (refused…): the
//             response status is not checked.
//   sleep     (v1.30+, `sleep: {seconds: N}`) waits N s; never fails here.
//   tcpSocket deprecated, kept for compatibility only: the kubelet cannot run it, so it fails.
//
// `message` is the handler runner's message (what a PostStartHookError waiting state shows).
// The events carry fixed texts instead, so secrets in commands do not leak:
// FailedPostStartHook "PostStartHook failed", FailedPreStopHook "PreStopHook failed".
// A hook still running at startMs + limitMs is abandoned (`timedOut`): for preStop the kubelet
// just goes on to SIGTERM, without an event, so `ok` stays true.

import type { Process } from './container/types';
import { goQuote } from './images/reference';
import { httpGet, resolvePort, type ContainerPortSpec, type PodEndpoint } from './probes/network';

export const POST_START_HOOK_FAILED = 'PostStartHook failed';
export const PRE_STOP_HOOK_FAILED = 'PreStopHook failed';

export interface LifecycleHandlerSpec {
  exec?: { command?: string[] };
  httpGet?: { path?: string; port?: number | string; host?: string; scheme?: string };
  sleep?: { seconds?: number };
  tcpSocket?: { port?: number | string; host?: string };
}

export interface HookContext {
  /** The container's process; undefined when it is not running. */
  process: Process | undefined;
  podIP: string;
  container: { name: string; ports?: readonly ContainerPortSpec[] };
  /** For the message's `Pod "name_namespace(uid)"`. */
  pod?: { metadata: { name?: string; namespace?: string; uid?: string } };
  /** The image's listen ports from the catalog (undefined: unknown). */
  listenPorts?: readonly number[];
}

export interface HookResult {
  ok: boolean;
  /** Virtual time the handler took (≤ limitMs; Infinity for a never-ending hook with no limit). */
  durationMs: number;
  /** The handler runner's failure message ('' on success). */
  message: string;
  /** Still running at the limit and abandoned. */
  timedOut: boolean;
}

/** format.Pod: `name_namespace(uid)`. */
function podName(ctx: HookContext): string {
  const m = ctx.pod?.metadata;
  return `${m?.name ?? ''}_${m?.namespace ?? ''}(${m?.uid ?? ''})`;
}

export function runHook(handler: LifecycleHandlerSpec, ctx: HookContext, startMs: number, limitMs: number): HookResult {
  const where = `for Container ${goQuote(ctx.container.name)} in Pod ${goQuote(podName(ctx))}`;
  const ok = (durationMs: number, timedOut = false): HookResult => ({ ok: true, durationMs, message: '', timedOut });
  const fail = (message: string, durationMs = 0): HookResult => ({ ok: false, durationMs, message, timedOut: false });

  if (handler.exec) {
    const argv = handler.exec.command ?? [];
    const r = ctx.process?.exec(argv, startMs, limitMs);
    if (!r || r.notRunning) {
      const error = 'rpc error: code = Unknown desc = failed to exec in container: container is in CONTAINER_EXITED state';
      return fail(`Exec lifecycle hook ([${argv.join(' ')}]) ${where} failed - error: ${error}, message: ""`);
    }
    if (r.timedOut) return ok(r.durationMs, true);
    if (r.exitCode === 0) return ok(r.durationMs);
    const error = `command '${argv.join(' ')}' exited with ${r.exitCode}: ${r.stderr}`;
    return fail(
      `Exec lifecycle hook ([${argv.join(' ')}]) ${where} failed - error: ${error}, message: ${goQuote(r.stdout + r.stderr)}`,
      r.durationMs,
    );
  }
  if (handler.httpGet) {
    const action = handler.httpGet;
    const path = action.path ?? '';
    const prefix = `HTTP lifecycle hook (${path}) ${where} failed - error: `;
    const port = resolvePort(action.port, ctx.container.ports);
    if ('error' in port) return fail(prefix + port.error);
    const ep: PodEndpoint = {
      process: ctx.process,
      podIP: ctx.podIP,
      ports: ctx.container.ports,
      listenPorts: ctx.listenPorts,
      nowMs: startMs,
    };
    const scheme = (action.scheme || 'HTTP').toLowerCase();
    const fullPath = path === '' || path.startsWith('/') ? path : `/${path}`;
    let res = httpGet(ep, scheme, action.host || ctx.podIP, port.port, fullPath);
    // An HTTPS hook answered in plain HTTP is retried over HTTP (event LifecycleHTTPFallback).
    if ('error' in res && scheme === 'https' && res.error.endsWith('server gave HTTP response to HTTPS client')) {
      res = httpGet(ep, 'http', action.host || ctx.podIP, port.port, fullPath);
    }
    if ('error' in res) return fail(prefix + res.error);
    return ok(0);
  }
  if (handler.sleep) {
    const ms = Math.max(0, handler.sleep.seconds ?? 0) * 1000;
    return ms >= limitMs ? ok(limitMs, ms > limitMs) : ok(ms);
  }
  if (handler.tcpSocket) {
    const p = handler.tcpSocket.port;
    const port = typeof p === 'string' ? `{1 0 ${p}}` : `{0 ${p ?? 0} }`;
    const tcp = `&TCPSocketAction{Port:${port},Host:${handler.tcpSocket.host ?? ''},}`;
    return fail(`Cannot run handler: invalid handler: &LifecycleHandler{Exec:nil,HTTPGet:nil,TCPSocket:${tcp},Sleep:nil,}`);
  }
  return fail('Cannot run handler: invalid handler: &LifecycleHandler{Exec:nil,HTTPGet:nil,TCPSocket:nil,Sleep:nil,}');
}
