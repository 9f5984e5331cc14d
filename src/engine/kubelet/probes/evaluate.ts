// One probe attempt, as the kubelet's prober runs it (k8s pkg/kubelet/prober/prober.go and
// pkg/probe/{exec,http,tcp,grpc}), against the simulated container. Pure apart from the exec
// handler, which runs its command inside the container's process (sharing its filesystem).
//
// The output is what the kubelet puts after "Liveness probe failed: " in the Unhealthy event:
//   exec   the command's stdout then stderr (`cat: can't open '/tmp/healthy': No such file or directory\n`),
//          or `command "cat /tmp/healthy" timed out`
//   http   `HTTP probe failed with statuscode: 404`, or the Go client's error
//          (`Get "http://10.244.1.5:8080/healthz": dial tcp 10.244.1.5:8080: connect: connection refused`)
//   tcp    `dial tcp 10.244.1.5:3306: connect: connection refused`
//   grpc   `timeout: failed to connect service "10.244.1.5:2379" within 1s: context deadline exceeded`
// A probe that cannot even be built (a named port the container does not declare) is an error:
// `errored` is set, the kubelet discards the result and records
// `<Type> probe errored and resulted in unknown state: <output>`.

import { formatGoDuration } from '../../../k8s/duration';
import { goQuote } from '../images/reference';
import type { Process } from '../container/types';
import {
  accepts,
  connectionRefused,
  httpGet,
  joinHostPort,
  resolvePort,
  type ContainerPortSpec,
  type PodEndpoint,
} from './network';

/** The v1.Probe fields used here (ProbeHandler + timeoutSeconds), as they appear in the pod spec. */
export interface ProbeSpec {
  exec?: { command?: string[] };
  httpGet?: { path?: string; port?: number | string; host?: string; scheme?: string };
  tcpSocket?: { port?: number | string; host?: string };
  grpc?: { port?: number; service?: string };
  timeoutSeconds?: number;
}

export interface ProbeContainer {
  name?: string;
  ports?: readonly ContainerPortSpec[];
  env?: readonly { name: string; value?: string }[];
}

export interface ProbeContext {
  /** The container's process; undefined when it is not running. */
  process: Process | undefined;
  podIP: string;
  /** The container spec (declared ports for named ports, env for $(VAR) in exec commands). */
  container: ProbeContainer;
  nowMs: number;
  /** The image's listen ports from the catalog (undefined: unknown). */
  listenPorts?: readonly number[];
  /** The pod's other running containers (one network namespace: their ports answer too). */
  siblings?: PodEndpoint['siblings'];
  /**
   * Set by the kubelet when a teaching override or the playground forces this probe to fail
   * (`kubeplay.dev/ready-after`, `fail-liveness-after`, `kubeplay pod fail-readiness`): the probe
   * then fails with the output its handler would typically give. The value is only a tag.
   */
  forcedFailure?: string;
}

export interface ProbeOutcome {
  result: 'success' | 'failure';
  output: string;
  /** The probe could not run (bad port, no handler): discard the result, event "… probe errored …". */
  errored?: true;
  /** Virtual time an exec probe's command took (a sleep in a probe command). */
  durationMs?: number;
}

/** The exec prober keeps at most 10 KiB of output. */
const MAX_EXEC_OUTPUT = 10 * 1024;

const failure = (output: string): ProbeOutcome => ({ result: 'failure', output });
const errored = (output: string): ProbeOutcome => ({ result: 'failure', output, errored: true });

export function evaluateProbe(probe: ProbeSpec, ctx: ProbeContext): ProbeOutcome {
  const timeoutMs = Math.max(1, probe.timeoutSeconds ?? 1) * 1000;
  const ep: PodEndpoint = {
    process: ctx.process,
    podIP: ctx.podIP,
    ports: ctx.container.ports,
    listenPorts: ctx.listenPorts,
    nowMs: ctx.nowMs,
    siblings: ctx.siblings,
  };
  if (probe.exec) return execProbe(probe.exec.command ?? [], ctx, timeoutMs);
  if (probe.httpGet) return httpProbe(probe.httpGet, ctx, ep);
  if (probe.tcpSocket) {
    const r = resolvePort(probe.tcpSocket.port, ctx.container.ports);
    if ('error' in r) return errored(r.error);
    const hostPort = joinHostPort(probe.tcpSocket.host || ctx.podIP, r.port);
    if (ctx.forcedFailure !== undefined || !accepts(ep, r.port)) return failure(connectionRefused(hostPort));
    return { result: 'success', output: '' };
  }
  if (probe.grpc) {
    const port = probe.grpc.port ?? 0;
    const addr = joinHostPort(ctx.podIP, port);
    if (ctx.forcedFailure !== undefined) return failure(`service unhealthy (responded with "NOT_SERVING")`);
    if (!accepts(ep, port)) {
      // grpc.WithBlock keeps retrying a refused dial until the probe's deadline.
      return failure(
        `timeout: failed to connect service ${goQuote(addr)} within ${formatGoDuration(timeoutMs)}: context deadline exceeded`,
      );
    }
    return { result: 'success', output: 'service healthy' };
  }
  return errored(`missing probe handler for container ${ctx.container.name ?? ''}`);
}

function execProbe(command: string[], ctx: ProbeContext, timeoutMs: number): ProbeOutcome {
  if (ctx.forcedFailure !== undefined) return failure('');
  const argv = expandStatic(command, ctx.container.env ?? []);
  if (!ctx.process) {
    return errored('rpc error: code = Unknown desc = failed to exec in container: container is in CONTAINER_EXITED state');
  }
  const r = ctx.process.exec(argv, ctx.nowMs, timeoutMs);
  if (r.notRunning) {
    return errored('rpc error: code = Unknown desc = failed to exec in container: container is in CONTAINER_EXITED state');
  }
  if (r.timedOut) return { result: 'failure', output: `command ${goQuote(argv.join(' '))} timed out`, durationMs: r.durationMs };
  const output = (r.stdout + r.stderr).slice(0, MAX_EXEC_OUTPUT);
  return { result: r.exitCode === 0 ? 'success' : 'failure', output, durationMs: r.durationMs };
}

function httpProbe(action: NonNullable<ProbeSpec['httpGet']>, ctx: ProbeContext, ep: PodEndpoint): ProbeOutcome {
  const r = resolvePort(action.port, ctx.container.ports);
  if ('error' in r) return errored(r.error);
  if (ctx.forcedFailure !== undefined) return failure('HTTP probe failed with statuscode: 503');
  const scheme = (action.scheme || 'HTTP').toLowerCase();
  const path =
    action.path === undefined || action.path === '' || action.path.startsWith('/') ? (action.path ?? '') : `/${action.path}`;
  const res = httpGet(ep, scheme, action.host || ctx.podIP, r.port, path);
  if ('error' in res) return failure(res.error);
  if (res.status >= 200 && res.status < 300) return { result: 'success', output: '' };
  // 3xx that would leave the pod: kubelet stops following and reports a warning (still a success).
  if (res.status >= 300 && res.status < 400) return { result: 'success', output: 'Probe terminated redirects, Response body: ' };
  return failure(`HTTP probe failed with statuscode: ${res.status}`);
}

/** kubecontainer.ExpandContainerCommandOnlyStatic: $(VAR) from literal env values; $$(VAR) escapes. */
export function expandStatic(command: readonly string[], env: readonly { name: string; value?: string }[]): string[] {
  const vars = new Map<string, string>();
  for (const e of env) if (e.value !== undefined) vars.set(e.name, e.value);
  return command.map((arg) =>
    arg.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_.-]*)\)/g, (all, name: string | undefined) => {
      if (name === undefined) return '$';
      return vars.get(name) ?? all;
    }),
  );
}
