// kubectl expose (pkg/cmd/expose): makes a Service for a pod, service, replication controller,
// deployment or replica set, named like it, selecting what it selects (its labels for a pod, its
// spec.selector otherwise — map-based only) on its ports (every container port when --port is
// not given; several become `port-1`, `port-2`…, with the container's protocol), and labelled
// like it unless -l says otherwise. `-f FILE` exposes the object described in the file.
// Reads spec.selector / spec.template generically, so workload kinds work once they are served.

import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { loadManifests } from '../manifests';
import { formatApiError } from '../print-error';
import { parseOutputFormat, printStructured } from '../printers/output';
import { parseResourceArgs } from '../resources';
import { filenameFlags, requestNamespace } from './common-flags';
import { dryRunSuffix, parseDryRun, targetOf } from './manifest-target';

export const exposeFlags: FlagSpec[] = [
  ...filenameFlags,
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'dry-run', type: 'string', noOptDefault: 'unchanged' },
  { name: 'port', type: 'string' },
  { name: 'target-port', type: 'string' },
  { name: 'protocol', type: 'string' },
  { name: 'name', type: 'string' },
  { name: 'type', type: 'string' },
  { name: 'selector', type: 'string' },
  { name: 'labels', short: 'l', type: 'string' },
  { name: 'cluster-ip', type: 'string' },
  { name: 'external-ip', type: 'string' },
  { name: 'load-balancer-ip', type: 'string' },
  { name: 'session-affinity', type: 'string' },
  { name: 'save-config', type: 'bool' },
  { name: 'field-manager', type: 'string' },
  { name: 'overrides', type: 'string' },
];

const NO_RESOURCES = `You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'`;

/** DNS-1035 label max length: a longer object name is cut to it. */
const MAX_NAME_LENGTH = 63;

const EXPOSABLE = new Set(['/ReplicationController', '/Service', '/Pod', 'apps/Deployment', 'apps/ReplicaSet']);

/** generate.MakeLabels: `k=v,k2=v2` in Go map order (sorted keys). */
function makeLabels(labels: Record<string, string>): string {
  return Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join(',');
}

/** parseLabels: `a=b,c=d`. */
function parseLabels(spec: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of spec.split(',')) {
    const kv = part.split('=');
    if (kv.length !== 2) throw new KubectlError(`invalid label spec: ${part}`);
    out[kv[0]] = kv[1];
  }
  return out;
}

/** Go's %+v of []metav1.LabelSelectorRequirement. */
function goRequirements(reqs: { key?: string; operator?: string; values?: string[] }[]): string {
  return `[${reqs.map((r) => `{Key:${r.key ?? ''} Operator:${r.operator ?? ''} Values:[${(r.values ?? []).join(' ')}]}`).join(' ')}]`;
}

/** mapBasedSelectorForObject. */
function selectorFor(obj: KObject): string {
  const spec = obj.spec ?? {};
  switch (obj.kind) {
    case 'Pod':
      if (Object.keys(obj.metadata.labels ?? {}).length === 0) throw new Error('the pod has no labels and cannot be exposed');
      return makeLabels(obj.metadata.labels ?? {});
    case 'Service':
      if (!spec.selector) throw new Error('the service has no pod selector set');
      return makeLabels(spec.selector);
    case 'ReplicationController':
      return makeLabels(spec.selector ?? {});
    default: {
      const what = obj.kind.toLowerCase();
      if (!spec.selector || Object.keys(spec.selector.matchLabels ?? {}).length === 0) {
        throw new Error(`invalid ${what}: no selectors, therefore cannot be exposed`);
      }
      const expressions = spec.selector.matchExpressions ?? [];
      if (expressions.length > 0)
        throw new Error(`couldn't convert expressions - "${goRequirements(expressions)}" to map-based selector format`);
      return makeLabels(spec.selector.matchLabels);
    }
  }
}

/** The pod spec a workload runs, or the pod's own. */
function podSpecOf(obj: KObject): Record<string, any> {
  return obj.kind === 'Pod' ? (obj.spec ?? {}) : (obj.spec?.template?.spec ?? {});
}

/** portsForObject and protocolsForObject: port numbers, and their protocols by port. */
function portsOf(obj: KObject): { ports: string[]; protocols: Map<string, string[]> } {
  const ports: string[] = [];
  const protocols = new Map<string, string[]>();
  const add = (port: number, protocol: string | undefined) => {
    const key = String(port);
    ports.push(key);
    protocols.set(key, [...(protocols.get(key) ?? []), protocol || 'TCP']);
  };
  if (obj.kind === 'Service') {
    for (const p of (obj.spec?.ports ?? []) as Record<string, any>[]) add(p.port, p.protocol);
  } else {
    for (const c of (podSpecOf(obj).containers ?? []) as Record<string, any>[]) {
      for (const p of (c.ports ?? []) as Record<string, any>[]) add(p.containerPort, p.protocol);
    }
  }
  return { ports, protocols };
}

interface ExposeOptions {
  name: string;
  selector: string;
  labels: Record<string, string> | undefined;
  ports: string[];
  protocols: Map<string, string[]>;
}

/** createService: the Service kubectl sends. */
function buildService(o: ExposeOptions, flags: ParsedArgs['flags']): KObject {
  const protocolFlag = (flags.protocol as string | undefined) ?? '';
  const ports: Record<string, unknown>[] = [];
  o.ports.forEach((portText, i) => {
    const port = Number(portText);
    if (!/^-?\d+$/.test(portText)) throw new KubectlError(`strconv.Atoi: parsing "${portText}": invalid syntax`);
    const name = o.ports.length > 1 ? `port-${i + 1}` : undefined;
    let protocol = protocolFlag;
    if (!protocol) {
      protocol = 'TCP';
      const known = o.protocols.get(portText);
      if (known && known.length > 1) {
        for (const p of known) ports.push({ name: `port-${i + 1}-${p.toLowerCase()}`, port, protocol: p });
        return;
      }
      if (known) protocol = known[0];
    }
    ports.push({ ...(name ? { name } : {}), port, protocol });
  });
  const target = (flags['target-port'] as string | undefined) ?? '';
  for (const p of ports) p.targetPort = target ? (/^-?\d+$/.test(target) ? Number(target) : target) : p.port;
  const spec: Record<string, unknown> = { ports, selector: parseLabels(o.selector) };
  if (flags['external-ip']) spec.externalIPs = [flags['external-ip']];
  if (flags.type) spec.type = flags.type;
  if (flags.type === 'LoadBalancer' && flags['load-balancer-ip']) spec.loadBalancerIP = flags['load-balancer-ip'];
  const affinity = flags['session-affinity'] as string | undefined;
  if (affinity) {
    if (affinity !== 'None' && affinity !== 'ClientIP') throw new KubectlError(`unknown session affinity: ${affinity}`);
    spec.sessionAffinity = affinity;
  }
  if (flags['cluster-ip']) spec.clusterIP = flags['cluster-ip'];
  const metadata: Record<string, unknown> = { name: o.name };
  if (o.labels && Object.keys(o.labels).length > 0) metadata.labels = o.labels;
  return { apiVersion: 'v1', kind: 'Service', metadata, spec } as KObject;
}

export function runExpose(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags, args } = parsed;
  const filenames = flags.filename as string[];
  if (args.length === 0 && filenames.length === 0) {
    io.err(`Error: ${NO_RESOURCES}\n`);
    return 1;
  }
  const dryRun = parseDryRun(flags['dry-run'] === 'unchanged' ? 'client' : flags['dry-run']);
  const format = flags.output ? parseOutputFormat(flags.output as string) : undefined;
  const namespace = requestNamespace(parsed);

  const targets: { def: KindDefinition; obj: KObject }[] = [];
  for (const m of filenames.length ? loadManifests(filenames, io, env) : []) {
    const t = targetOf(m, env, flags.namespace as string | undefined);
    targets.push({ def: t.def, obj: t.object });
  }
  const requests = parseResourceArgs(env.registry, args);
  if (requests.some((r) => r.names.length === 0)) throw new KubectlError('resource(s) were provided, but no name was specified');
  let failed = false;
  for (const r of requests) {
    for (const name of r.names) {
      try {
        targets.push({ def: r.def, obj: env.api.get(r.def, namespace, name) });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        io.err(formatApiError(e));
        failed = true;
      }
    }
  }

  for (const { def, obj } of targets) {
    if (!EXPOSABLE.has(`${def.group}/${def.kind}`)) {
      throw new KubectlError(`cannot expose a ${def.group ? `${def.kind}.${def.group}` : def.kind}`);
    }
    let selector = (flags.selector as string | undefined) ?? '';
    if (!selector) {
      try {
        selector = selectorFor(obj);
      } catch (e) {
        throw new KubectlError(`couldn't retrieve selectors via --selector flag or introspection: ${(e as Error).message}`);
      }
    }
    const found = portsOf(obj);
    const portFlag = (flags.port as string | undefined) ?? '';
    let ports = portFlag ? [portFlag] : found.ports;
    if (!portFlag && ports.length === 0 && flags['cluster-ip'] !== 'None') {
      throw new KubectlError("couldn't find port via --port flag or introspection");
    }
    if (portFlag) ports = [portFlag];
    const labels = flags.labels ? parseLabels(flags.labels as string) : obj.metadata.labels;
    const name = (flags.name as string | undefined) || (obj.metadata.name ?? '').slice(0, MAX_NAME_LENGTH);
    const service = buildService({ name, selector, labels, ports, protocols: found.protocols }, flags);

    if (dryRun === 'client') {
      const shown: KObject = {
        ...service,
        metadata: { ...service.metadata, creationTimestamp: null as unknown as string },
        status: { loadBalancer: {} },
      };
      if (flags.namespace) shown.metadata.namespace = namespace;
      printResult(io, format, shown, dryRun);
      continue;
    }
    try {
      const created = env.api.create(service, { namespace, dryRun: dryRun === 'server' });
      printResult(io, format, created, dryRun);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      io.err(formatApiError(e));
      failed = true;
    }
  }
  return failed ? 1 : 0;
}

function printResult(
  io: KubectlIO,
  format: ReturnType<typeof parseOutputFormat> | undefined,
  svc: KObject,
  dryRun: string,
): void {
  const ref = `service/${svc.metadata.name ?? ''}`;
  if (!format || format.kind === 'table') io.out(`${ref} exposed${dryRunSuffix(dryRun as 'none' | 'client' | 'server')}\n`);
  else if (format.kind === 'name') io.out(`${ref}\n`);
  else io.out(printStructured(format, [svc], true));
}
