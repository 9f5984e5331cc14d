// The Containers / Init Containers sections (kubectl pkg/describe describeContainers and friends):
// ports, command and args, state, resources, probes, environment and mounts, per container.
// Pod templates (later describers) call the same code without statuses.

import { parseQuantity, type Quantity } from '../../../k8s/quantity';
import type { KObject } from '../../../k8s/types';
import { formatRFC1123Z, printBool, sortStrings, stringOrNone } from './format';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, type PrefixWriter } from './writer';

type Json = Record<string, any>;

/** Quantity.String() of a resource value as stored; the raw text if it does not parse. */
export function quantityString(value: unknown): string {
  if (value === undefined || value === null) return '0';
  try {
    return parseQuantity(value as string | number).toString();
  } catch {
    return String(value);
  }
}

export function quantityOf(value: unknown): Quantity | undefined {
  if (value === undefined || value === null) return undefined;
  try {
    return parseQuantity(value as string | number);
  } catch {
    return undefined;
  }
}

/** describeResources: `Limits:` then `Requests:`, resource names sorted. */
export function describeResources(resources: Json | undefined, w: PrefixWriter, level: number): void {
  if (!resources) return;
  const limits: Json = resources.limits ?? {};
  const requests: Json = resources.requests ?? {};
  const limitNames = sortStrings(Object.keys(limits));
  if (limitNames.length) w.write(level, 'Limits:\n');
  for (const name of limitNames) w.write(level + 1, `${name}:\t${quantityString(limits[name])}\n`);
  const requestNames = sortStrings(Object.keys(requests));
  if (requestNames.length) w.write(level, 'Requests:\n');
  for (const name of requestNames) w.write(level + 1, `${name}:\t${quantityString(requests[name])}\n`);
}

/**
 * describeContainers. `statuses` undefined describes a template (no state); `space` is the extra
 * indentation templates use.
 */
export function describeContainers(
  label: string,
  containers: Json[],
  statuses: Json[] | undefined,
  pod: KObject | undefined,
  w: PrefixWriter,
  space: string,
): void {
  const byName = new Map<string, Json>();
  for (const s of statuses ?? []) byName.set(s.name, s);
  w.write(LEVEL_0, `${space}${label}:${containers.length === 0 ? ' <none>' : ''}\n`);
  for (const container of containers) {
    const status = byName.get(container.name);
    describeBasicInfo(container, status, space, w);
    describeCommand(container, w);
    if (status) describeState(status, w);
    describeResources(container.resources, w, LEVEL_2);
    describeProbes(container, w);
    if ((container.envFrom ?? []).length > 0) describeEnvFrom(container, w);
    describeEnv(container, pod, w);
    describeMounts(container, w);
  }
}

function describeBasicInfo(container: Json, status: Json | undefined, space: string, w: PrefixWriter): void {
  const nameIndent = space ? ' ' : '';
  w.write(LEVEL_1, `${nameIndent}${container.name}:\n`);
  if (status) w.write(LEVEL_2, `Container ID:\t${status.containerID ?? ''}\n`);
  w.write(LEVEL_2, `Image:\t${container.image ?? ''}\n`);
  if (status) w.write(LEVEL_2, `Image ID:\t${status.imageID ?? ''}\n`);
  const ports: Json[] = container.ports ?? [];
  const portText = ports.map((p) => `${p.containerPort ?? 0}/${p.protocol ?? ''}`).join(', ');
  if (portText.includes(',')) w.write(LEVEL_2, `Ports:\t${portText}\n`);
  else w.write(LEVEL_2, `Port:\t${stringOrNone(portText)}\n`);
  const hostText = ports.map((p) => `${p.hostPort ?? 0}/${p.protocol ?? ''}`).join(', ');
  if (hostText.includes(',')) w.write(LEVEL_2, `Host Ports:\t${hostText}\n`);
  else w.write(LEVEL_2, `Host Port:\t${stringOrNone(hostText)}\n`);
  const seccomp = container.securityContext?.seccompProfile;
  if (seccomp) {
    w.write(LEVEL_2, `SeccompProfile:\t${seccomp.type ?? ''}\n`);
    if (seccomp.type === 'Localhost') w.write(LEVEL_3, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
  }
}

function describeCommand(container: Json, w: PrefixWriter): void {
  const command: string[] = container.command ?? [];
  if (command.length) {
    w.write(LEVEL_2, 'Command:\n');
    for (const c of command) for (const line of String(c).split('\n')) w.write(LEVEL_3, `${line}\n`);
  }
  const args: string[] = container.args ?? [];
  if (args.length) {
    w.write(LEVEL_2, 'Args:\n');
    for (const a of args) for (const line of String(a).split('\n')) w.write(LEVEL_3, `${line}\n`);
  }
}

function describeState(status: Json, w: PrefixWriter): void {
  describeStatus('State', status.state ?? {}, w);
  if (status.lastState?.terminated) describeStatus('Last State', status.lastState, w);
  w.write(LEVEL_2, `Ready:\t${printBool(status.ready)}\n`);
  w.write(LEVEL_2, `Restart Count:\t${status.restartCount ?? 0}\n`);
}

function describeStatus(name: string, state: Json, w: PrefixWriter): void {
  if (state.running) {
    w.write(LEVEL_2, `${name}:\tRunning\n`);
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(state.running.startedAt)}\n`);
  } else if (state.waiting) {
    w.write(LEVEL_2, `${name}:\tWaiting\n`);
    if (state.waiting.reason) w.write(LEVEL_3, `Reason:\t${state.waiting.reason}\n`);
  } else if (state.terminated) {
    const t = state.terminated;
    w.write(LEVEL_2, `${name}:\tTerminated\n`);
    if (t.reason) w.write(LEVEL_3, `Reason:\t${t.reason}\n`);
    if (t.message) w.write(LEVEL_3, `Message:\t${t.message}\n`);
    w.write(LEVEL_3, `Exit Code:\t${t.exitCode ?? 0}\n`);
    if ((t.signal ?? 0) > 0) w.write(LEVEL_3, `Signal:\t${t.signal}\n`);
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(t.startedAt)}\n`);
    w.write(LEVEL_3, `Finished:\t${formatRFC1123Z(t.finishedAt)}\n`);
  } else {
    w.write(LEVEL_2, `${name}:\tWaiting\n`);
  }
}

function describeProbes(container: Json, w: PrefixWriter): void {
  if (container.livenessProbe) w.write(LEVEL_2, `Liveness:\t${describeProbe(container.livenessProbe)}\n`);
  if (container.readinessProbe) w.write(LEVEL_2, `Readiness:\t${describeProbe(container.readinessProbe)}\n`);
  if (container.startupProbe) w.write(LEVEL_2, `Startup:\t${describeProbe(container.startupProbe)}\n`);
}

/** DescribeProbe: `http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3`. */
export function describeProbe(probe: Json): string {
  const attrs = `delay=${probe.initialDelaySeconds ?? 0}s timeout=${probe.timeoutSeconds ?? 0}s period=${probe.periodSeconds ?? 0}s #success=${probe.successThreshold ?? 0} #failure=${probe.failureThreshold ?? 0}`;
  if (probe.exec) return `exec [${(probe.exec.command ?? []).join(' ')}] ${attrs}`;
  if (probe.httpGet) {
    const h = probe.httpGet;
    const scheme = String(h.scheme ?? '').toLowerCase();
    const port = h.port === undefined || h.port === null ? '' : String(h.port);
    const host: string = h.host ?? '';
    const hostPort = port ? joinHostPort(host, port) : host;
    let path: string = h.path ?? '';
    if (path && !path.startsWith('/') && hostPort) path = '/' + path;
    let url = '';
    if (scheme) url += `${scheme}:`;
    if (scheme || hostPort) url += `//${hostPort}`;
    url += path;
    return `http-get ${url} ${attrs}`;
  }
  if (probe.tcpSocket) return `tcp-socket ${probe.tcpSocket.host ?? ''}:${probe.tcpSocket.port ?? ''} ${attrs}`;
  if (probe.grpc) return `grpc <pod>:${probe.grpc.port ?? 0} ${probe.grpc.service ?? ''} ${attrs}`;
  return `unknown ${attrs}`;
}

/** net.JoinHostPort: brackets an IPv6 host. */
function joinHostPort(host: string, port: string): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

function describeEnvFrom(container: Json, w: PrefixWriter): void {
  w.write(LEVEL_2, 'Environment Variables from:\n');
  for (const e of container.envFrom as Json[]) {
    let from = '';
    let name = '';
    let optional = false;
    if (e.configMapRef) {
      from = 'ConfigMap';
      name = e.configMapRef.name ?? '';
      optional = !!e.configMapRef.optional;
    } else if (e.secretRef) {
      from = 'Secret';
      name = e.secretRef.name ?? '';
      optional = !!e.secretRef.optional;
    }
    if (!e.prefix) w.write(LEVEL_3, `${name}\t${from}\tOptional: ${optional}\n`);
    else w.write(LEVEL_3, `${name}\t${from} with prefix '${e.prefix}'\tOptional: ${optional}\n`);
  }
}

function describeEnv(container: Json, pod: KObject | undefined, w: PrefixWriter): void {
  const env: Json[] = container.env ?? [];
  w.write(LEVEL_2, `Environment:${env.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of env) {
    if (!e.valueFrom) {
      String(e.value ?? '')
        .split('\n')
        .forEach((line, i) => {
          if (i === 0) w.write(LEVEL_3, `${e.name}:\t${line}\n`);
          else w.write(LEVEL_3, `\t${line}\n`);
        });
      continue;
    }
    const from = e.valueFrom;
    if (from.fieldRef) {
      const value = pod ? fieldRefValue(pod, from.fieldRef) : '';
      w.write(LEVEL_3, `${e.name}:\t${value} (${from.fieldRef.apiVersion ?? ''}:${from.fieldRef.fieldPath ?? ''})\n`);
    } else if (from.resourceFieldRef) {
      let value = resourceFieldValue(from.resourceFieldRef, container);
      const resource: string = from.resourceFieldRef.resource ?? '';
      if (value === '0' && (resource === 'limits.cpu' || resource === 'limits.memory')) value = 'node allocatable';
      w.write(LEVEL_3, `${e.name}:\t${value} (${resource})\n`);
    } else if (from.secretKeyRef) {
      const r = from.secretKeyRef;
      w.write(LEVEL_3, `${e.name}:\t<set to the key '${r.key ?? ''}' in secret '${r.name ?? ''}'>\tOptional: ${!!r.optional}\n`);
    } else if (from.configMapKeyRef) {
      const r = from.configMapKeyRef;
      w.write(
        LEVEL_3,
        `${e.name}:\t<set to the key '${r.key ?? ''}' of config map '${r.name ?? ''}'>\tOptional: ${!!r.optional}\n`,
      );
    }
  }
}

/**
 * What kubectl resolves a downward-API field to. Its scheme converts only the generic field
 * labels (metadata.name, metadata.namespace); anything else resolves to ''.
 */
function fieldRefValue(pod: KObject, ref: Json): string {
  if (ref.apiVersion !== 'v1') return '';
  if (ref.fieldPath === 'metadata.name') return pod.metadata.name ?? '';
  if (ref.fieldPath === 'metadata.namespace') return pod.metadata.namespace ?? '';
  return '';
}

/** ExtractContainerResourceValue: the container's own request or limit divided by the divisor, rounded up. */
function resourceFieldValue(ref: Json, container: Json): string {
  const divisor = quantityOf(ref.divisor);
  const div = divisor && !divisor.isZero() ? divisor : parseQuantity('1');
  const resource: string = ref.resource ?? '';
  const [kind, name] = resource.split(/\.(.*)/s);
  const list: Json = (kind === 'limits' ? container.resources?.limits : container.resources?.requests) ?? {};
  const amount = quantityOf(list[name]) ?? parseQuantity('0');
  if (name === 'cpu') return String(Math.ceil(amount.milliValue() / div.milliValue()));
  if (name === 'memory' || name === 'ephemeral-storage' || (name ?? '').startsWith('hugepages-')) {
    return String(Math.ceil(amount.value() / div.value()));
  }
  return '';
}

function describeMounts(container: Json, w: PrefixWriter): void {
  const mounts: Json[] = [...(container.volumeMounts ?? [])];
  const none = mounts.length === 0 ? '\t<none>' : '';
  w.write(LEVEL_2, `Mounts:${none}\n`);
  mounts.sort((a, b) => (a.mountPath < b.mountPath ? -1 : a.mountPath > b.mountPath ? 1 : 0));
  for (const m of mounts) {
    const flags = [m.readOnly ? 'ro' : 'rw'];
    if (m.subPath) flags.push(`path=${JSON.stringify(m.subPath)}`);
    w.write(LEVEL_3, `${m.mountPath} from ${m.name} (${flags.join(',')})\n`);
  }
  const devices: Json[] = [...(container.volumeDevices ?? [])];
  if (devices.length) {
    w.write(LEVEL_2, `Devices:${none}\n`);
    devices.sort((a, b) => (a.devicePath < b.devicePath ? -1 : a.devicePath > b.devicePath ? 1 : 0));
    for (const d of devices) w.write(LEVEL_3, `${d.devicePath} from ${d.name}\n`);
  }
}
