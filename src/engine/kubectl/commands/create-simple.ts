// The `kubectl create <kind> NAME` generators that build one object from flags
// (kubectl pkg/cmd/create): namespace (create_namespace.go), service clusterip|nodeport|
// loadbalancer|externalname (create_service.go) and priorityclass (create_priorityclass.go).
// Each checks its flags as kubectl does, then creates the object, or prints it unsent for
// --dry-run=client (with kubectl's null creationTimestamp and empty status).

import { parseIntOrString } from '../../../k8s/int-or-string';
import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { helpText } from '../help';
import { parseOutputFormat, printStructured } from '../printers/output';
import { kindPrefix } from '../resources';
import { dryRunSuffix, parseDryRun } from './manifest-target';

const generatorFlags: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'validate', type: 'string', noOptDefault: 'strict' },
  { name: 'save-config', type: 'bool' },
  { name: 'field-manager', type: 'string', default: 'kubectl-create' },
  { name: 'show-managed-fields', type: 'bool' },
  { name: 'allow-missing-template-keys', type: 'bool', default: true },
  { name: 'template', type: 'string' },
];

/** NameFromCommandArgs. */
function nameFrom(parsed: ParsedArgs, helpPath: string): string {
  if (parsed.args.length !== 1) {
    throw new KubectlError(
      `exactly one NAME is required, got ${parsed.args.length}`,
      `See 'kubectl ${helpPath} -h' for help and examples`,
    );
  }
  return parsed.args[0];
}

interface Generated {
  object: KObject;
  /** The empty status kubectl's typed object prints when nothing was sent. */
  clientStatus?: Record<string, unknown>;
  /** Namespaced kinds print their namespace only when `-n` was given (EnforceNamespace). */
  namespaced: boolean;
  /** create_service / create_priorityclass wrap the server's refusal in their own words. */
  failurePrefix?: string;
}

/** Sends (or, for a client dry run, only prints) the generated object. */
function createGenerated(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv, generated: Generated): number {
  const dryRun = parseDryRun(parsed.flags['dry-run'] === 'unchanged' ? 'client' : parsed.flags['dry-run']);
  const format = parsed.flags.output ? parseOutputFormat(parsed.flags.output as string) : undefined;
  const explicitNamespace = parsed.flags.namespace as string | undefined;
  let object = generated.object;
  const def = env.registry.forObject(object.apiVersion, object.kind)!;
  if (dryRun === 'client') {
    const metadata: Record<string, unknown> = { ...object.metadata, creationTimestamp: null };
    if (generated.namespaced && explicitNamespace) metadata.namespace = explicitNamespace;
    object = { ...object, metadata: metadata as KObject['metadata'] };
    if (generated.clientStatus) object.status = generated.clientStatus;
  } else {
    const namespace = generated.namespaced ? explicitNamespace || 'default' : undefined;
    try {
      object = env.api.create(object, { namespace, dryRun: dryRun === 'server' });
    } catch (e) {
      if (e instanceof ApiError && generated.failurePrefix) {
        throw new KubectlError(`${generated.failurePrefix}: ${e.status.message}`);
      }
      throw e;
    }
  }
  const ref = `${kindPrefix(def)}/${object.metadata.name}`;
  if (!format || format.kind === 'table') io.out(`${ref} created${dryRunSuffix(dryRun)}\n`);
  else if (format.kind === 'name') io.out(`${ref}\n`);
  else io.out(printStructured(format, [object], true));
  return 0;
}

// --- namespace ---------------------------------------------------------------------------------

export const createNamespaceFlags: FlagSpec[] = [...generatorFlags];

export function runCreateNamespace(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const name = nameFrom(parsed, 'create namespace');
  return createGenerated(parsed, io, env, {
    object: { apiVersion: 'v1', kind: 'Namespace', metadata: { name }, spec: {} },
    clientStatus: {},
    namespaced: false,
  });
}

// --- service -----------------------------------------------------------------------------------

type ServiceType = 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName';

export const createServiceFlags: FlagSpec[] = [...generatorFlags];
export const createServiceTypeFlags: Record<ServiceType, FlagSpec[]> = {
  ClusterIP: [
    ...generatorFlags,
    { name: 'tcp', type: 'stringArray', default: [] },
    { name: 'clusterip', type: 'string', default: '' },
  ],
  NodePort: [
    ...generatorFlags,
    { name: 'tcp', type: 'stringArray', default: [] },
    { name: 'node-port', type: 'int', default: 0 },
  ],
  LoadBalancer: [...generatorFlags, { name: 'tcp', type: 'stringArray', default: [] }],
  ExternalName: [
    ...generatorFlags,
    { name: 'tcp', type: 'stringArray', default: [] },
    { name: 'external-name', type: 'string', default: '' },
  ],
};

/** `kubectl create service` without a type: DefaultSubCommandRun prints the help on stderr and fails. */
export function runCreateService(_parsed: ParsedArgs, io: KubectlIO): number {
  io.err(helpText(['create', 'service']));
  return 1;
}

const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const PORT_NAME_CHARS = /^[-a-z0-9]+$/;

/** utilsnet.ParsePort(s, allowZero): strconv.ParseUint(s, 10, 16)'s errors. */
function parsePort(text: string): number {
  if (!/^\d+$/.test(text)) throw new KubectlError(`strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`);
  const n = Number(text);
  if (n > 65535) throw new KubectlError(`strconv.ParseUint: parsing ${JSON.stringify(text)}: value out of range`);
  return n;
}

/** validation.IsValidPortName's messages, joined by commas as parsePorts joins them. */
function portNameErrors(name: string): string[] {
  const errs: string[] = [];
  if (name.length > 15) errs.push('must be no more than 15 characters');
  if (!PORT_NAME_CHARS.test(name)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (name.includes('--')) errs.push('must not contain consecutive hyphens');
  if (!/[a-z]/.test(name)) errs.push('must contain at least one letter (a-z)');
  if (name.startsWith('-') || name.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}

/** parsePorts: `port[:targetPort]`, the target a number (1–65535) or a port name. */
function parseServicePort(spec: string): { port: number; targetPort: number | string } {
  const parts = spec.split(':');
  const port = parsePort(parts[0]);
  if (parts.length === 1) return { port, targetPort: port };
  const target = parts[1];
  if (/^[+-]?\d+$/.test(target)) {
    const n = Number(target);
    if (n < 1 || n > 65535) throw new KubectlError('must be between 1 and 65535, inclusive');
    return { port, targetPort: n };
  }
  const errs = portNameErrors(target);
  if (errs.length) throw new KubectlError(errs.join(','));
  return { port, targetPort: parseIntOrString(target) as string };
}

export function runCreateServiceOfType(type: ServiceType) {
  return (parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number => {
    const { flags } = parsed;
    const helpPath = `create service ${type.toLowerCase()}`;
    const name = nameFrom(parsed, helpPath);
    if (type === 'ExternalName' && !parsed.changed.has('external-name')) {
      throw new KubectlError('required flag(s) "external-name" not set');
    }
    // --tcp is a StringSlice: each value may hold several comma-separated pairs.
    const tcp = (flags.tcp as string[]).flatMap((v) => v.split(','));
    const clusterIP = (flags.clusterip as string | undefined) ?? '';
    const externalName = (flags['external-name'] as string | undefined) ?? '';
    if (clusterIP === 'None' && type !== 'ClusterIP')
      throw new KubectlError('ClusterIP=None can only be used with ClusterIP service type');
    if (clusterIP !== 'None' && tcp.length === 0 && type !== 'ExternalName') {
      throw new KubectlError('at least one tcp port specifier must be provided');
    }
    if (type === 'ExternalName' && (externalName.length > 253 || !DNS1123_SUBDOMAIN.test(externalName))) {
      throw new KubectlError(`invalid service external name ${externalName}`);
    }
    const nodePort = (flags['node-port'] as number | undefined) ?? 0;
    const ports = tcp.map((pair) => {
      const { port, targetPort } = parseServicePort(pair);
      const p: Record<string, unknown> = { name: pair.replaceAll(':', '-'), port, protocol: 'TCP', targetPort };
      if (nodePort) p.nodePort = nodePort;
      return p;
    });
    const spec: Record<string, unknown> = {};
    if (clusterIP) spec.clusterIP = clusterIP;
    if (externalName) spec.externalName = externalName;
    if (ports.length) spec.ports = ports;
    spec.selector = { app: name };
    spec.type = type;
    return createGenerated(parsed, io, env, {
      object: { apiVersion: 'v1', kind: 'Service', metadata: { labels: { app: name }, name }, spec },
      clientStatus: { loadBalancer: {} },
      namespaced: true,
      failurePrefix: `failed to create ${type} service`,
    });
  };
}

// --- priorityclass -----------------------------------------------------------------------------

export const createPriorityClassFlags: FlagSpec[] = [
  ...generatorFlags,
  { name: 'value', type: 'int', default: 0 },
  { name: 'global-default', type: 'bool' },
  { name: 'description', type: 'string', default: '' },
  { name: 'preemption-policy', type: 'string', default: 'PreemptLowerPriority' },
];

export function runCreatePriorityClass(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const name = nameFrom(parsed, 'create priorityclass');
  const { flags } = parsed;
  const object: KObject = { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name } };
  if (flags.description) object.description = flags.description;
  if (flags['global-default']) object.globalDefault = true;
  object.preemptionPolicy = flags['preemption-policy'];
  object.value = flags.value;
  return createGenerated(parsed, io, env, { object, namespaced: false, failurePrefix: 'failed to create priorityclass' });
}
