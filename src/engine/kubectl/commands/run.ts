// kubectl run NAME --image=IMAGE [--restart] [--port] [--env]... [--labels] [--command] [-- ARGS]:
// builds the Pod kubectl's run-pod/v1 generator builds (label run=NAME, one container named NAME,
// args — or command with --command —, `resources: {}`, dnsPolicy ClusterFirst), applies
// --overrides, creates it (or prints it with --dry-run) and, with --expose, a Service for it.
// The playground has no terminal to attach (-i, -t, --attach, --rm): the pod is still created and
// the user is told how to read its output instead.

import type { KObject } from '../../../k8s/types';
import { DecodeError, decodeObject } from '../../api/decoding/decode';
import { ApiError } from '../../api/errors';
import { applyPatch } from '../../api/patch';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { formatApiError } from '../print-error';
import { parseOutputFormat, printStructured, type OutputFormat } from '../printers/output';
import { INVALID_REFERENCE_FORMAT, isValidImageReference } from './image-name';
import { dryRunSuffix, parseDryRun, type DryRun } from './manifest-target';

export const runFlags: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'annotations', type: 'stringArray', default: [] },
  { name: 'image', type: 'string' },
  { name: 'image-pull-policy', type: 'string', default: '' },
  { name: 'rm', type: 'bool' },
  { name: 'env', type: 'stringArray', default: [] },
  { name: 'port', type: 'string', default: '' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'labels', short: 'l', type: 'string', default: '' },
  { name: 'stdin', short: 'i', type: 'bool' },
  { name: 'tty', short: 't', type: 'bool' },
  { name: 'attach', type: 'bool' },
  { name: 'leave-stdin-open', type: 'bool' },
  { name: 'restart', type: 'string', default: '' },
  { name: 'command', type: 'bool' },
  { name: 'expose', type: 'bool' },
  { name: 'quiet', short: 'q', type: 'bool' },
  { name: 'privileged', type: 'bool' },
  { name: 'save-config', type: 'bool' },
  { name: 'field-manager', type: 'string', default: 'kubectl-run' },
  { name: 'overrides', type: 'string', default: '' },
  { name: 'override-type', type: 'string', default: 'merge' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'pod-running-timeout', type: 'duration', default: '1m0s' },
  { name: 'show-managed-fields', type: 'bool' },
  { name: 'allow-missing-template-keys', type: 'bool', default: true },
  { name: 'template', type: 'string' },
];

const HELP_HINT = "See 'kubectl run -h' for help and examples";
const RUN_FORMATS = 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';
const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never', ''];

export function runRun(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags } = parsed;
  // cobra's MarkFlagRequired, checked before the command runs.
  if (!parsed.changed.has('image')) throw new KubectlError('required flag(s) "image" not set');
  const dryRun = parseDryRun(flags['dry-run'] === 'unchanged' ? 'client' : flags['dry-run']);
  const format = outputFormat(flags.output as string | undefined);
  const attach = parsed.changed.has('attach') ? !!flags.attach : !!flags.stdin;

  // RunOptions.Validate, in kubectl's order.
  const [name, ...positional] = parsed.args;
  if (!name) throw new KubectlError('NAME is required for run', HELP_HINT);
  const image = flags.image as string;
  if (!image) throw new KubectlError('--image is required', HELP_HINT);
  if (!isValidImageReference(image)) throw new KubectlError(`Invalid image name "${image}": ${INVALID_REFERENCE_FORMAT}`);
  if (flags.tty && !flags.stdin) throw new KubectlError('-i/--stdin is required for containers with -t/--tty=true', HELP_HINT);
  const port = flags.port as string;
  if (flags.expose && !port) throw new KubectlError('--port must be set when exposing a service', HELP_HINT);
  const restart = flags.restart as string;
  if (restart && !RESTART_POLICIES.includes(restart)) throw new KubectlError(`invalid restart policy: ${restart}`, HELP_HINT);
  if (!attach && flags.rm) throw new KubectlError('--rm should only be used for attached containers', HELP_HINT);
  if (attach && dryRun !== 'none') {
    throw new KubectlError(
      "--dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)",
      HELP_HINT,
    );
  }
  const pullPolicy = flags['image-pull-policy'] as string;
  if (!PULL_POLICIES.includes(pullPolicy)) throw new KubectlError(`invalid image pull policy: ${pullPolicy}`, HELP_HINT);

  const annotations = parseAnnotations(flags.annotations as string[]);
  if ('error' in annotations) {
    io.err(`Error: ${annotations.error}\n`);
    return 1;
  }
  // Arguments after the name (or after `--`) are the container's args, or its command.
  const containerArgs = [...positional, ...(parsed.afterDash ?? [])];
  let pod = buildPod(parsed, name, image, containerArgs, annotations.value);
  pod = applyOverrides(pod, flags.overrides as string, flags['override-type'] as string);

  const namespace = (flags.namespace as string | undefined) || 'default';
  let created: KObject;
  try {
    created = dryRun === 'client' ? pod : env.api.create(pod, { namespace, dryRun: dryRun === 'server' });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    io.err(formatApiError(e));
    return 1;
  }
  // The Service is created (and printed) after the pod; its failure is reported last.
  const exposeError = flags.expose
    ? exposeService(name, port, flags.labels as string, dryRun, format, namespace, io, env)
    : undefined;
  io.out(printOne(format, created, dryRun));
  if (attach) io.err(attachNote(name, !!flags.rm));
  if (exposeError) io.err(exposeError);
  return exposeError ? 1 : 0;
}

/** Run prints with the "created" operation and no table printer. */
function outputFormat(value: string | undefined): OutputFormat | undefined {
  if (!value) return undefined;
  const unsupported = () =>
    new KubectlError(`unable to match a printer suitable for the output format "${value}", allowed formats are: ${RUN_FORMATS}`);
  let format: OutputFormat;
  try {
    format = parseOutputFormat(value);
  } catch {
    throw unsupported();
  }
  if (format.kind === 'table' || format.kind === 'custom-columns') throw unsupported();
  return format;
}

function printOne(format: OutputFormat | undefined, obj: KObject, dryRun: DryRun): string {
  const ref = `${obj.kind.toLowerCase()}/${obj.metadata.name ?? ''}`;
  if (!format) return `${ref} created${dryRunSuffix(dryRun)}\n`;
  if (format.kind === 'name') return `${ref}\n`;
  return printStructured(format, [obj], true);
}

function attachNote(name: string, remove: boolean): string {
  let note =
    `Attaching is not supported in the playground: pod/${name} was created and runs on its own, ` +
    `but no terminal can be connected to it.\nTo see what it prints, run: kubectl logs ${name}\n`;
  if (remove) note += `--rm was ignored: delete the pod yourself with: kubectl delete pod ${name}\n`;
  return note;
}

function parseAnnotations(specs: string[]): { value: Record<string, string> } | { error: string } {
  const value: Record<string, string> = {};
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    if (eq <= 0) return { error: `invalid annotations format: ${spec}` };
    value[spec.slice(0, eq)] = spec.slice(eq + 1);
  }
  return { value };
}

/** generate.ParseLabels: `k=v,k2=v2`, each part exactly one `=`. */
function parseLabels(spec: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const part of spec.split(',')) {
    const kv = part.split('=');
    if (kv.length !== 2) throw new KubectlError(`unexpected label spec: ${part}`);
    if (kv[0] === '') throw new KubectlError('unexpected empty label key');
    labels[kv[0]] = kv[1];
  }
  return labels;
}

/** validation.IsEnvVarName, as the generator checks --env names. */
const ENV_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;

function parseEnv(specs: string[]): { name: string; value: string }[] {
  return specs.map((spec) => {
    const eq = spec.indexOf('=');
    const name = eq >= 0 ? spec.slice(0, eq) : '';
    if (eq < 0 || !name || !ENV_NAME.test(name)) throw new KubectlError(`invalid env: ${spec}`);
    return { name, value: spec.slice(eq + 1) };
  });
}

/** BasicPod.Generate (run-pod/v1). */
function buildPod(parsed: ParsedArgs, name: string, image: string, args: string[], annotations: Record<string, string>): KObject {
  const { flags } = parsed;
  const env = parseEnv(flags.env as string[]);
  const labelSpec = flags.labels as string;
  const labels = labelSpec ? parseLabels(labelSpec) : { run: name };
  const stdin = !!flags.stdin;
  const container: Record<string, unknown> = { name, image };
  if (args.length > 0) container[flags.command ? 'command' : 'args'] = args;
  if (env.length > 0) container.env = env;
  if (flags['image-pull-policy']) container.imagePullPolicy = flags['image-pull-policy'];
  const port = flags.port as string;
  if (port) {
    // utilsnet.ParsePort's strconv.Atoi; the range is the server's to check.
    if (!/^[+-]?\d+$/.test(port)) throw new KubectlError(`strconv.Atoi: parsing "${port}": invalid syntax`);
    container.ports = [{ containerPort: Number(port) }];
  }
  container.resources = {};
  if (flags.privileged) container.securityContext = { privileged: true };
  if (stdin) container.stdin = true;
  if (stdin && !flags['leave-stdin-open']) container.stdinOnce = true;
  if (flags.tty) container.tty = true;
  const metadata: KObject['metadata'] = { name, labels };
  if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata,
    spec: {
      containers: [container],
      restartPolicy: (flags.restart as string) || 'Always',
      dnsPolicy: 'ClusterFirst',
    },
    status: {},
  };
}

/** --overrides: a patch (merge by default) over the generated object, decoded back into a Pod. */
function applyOverrides(pod: KObject, overrides: string, type: string): KObject {
  if (!overrides) return pod;
  let patch: unknown;
  try {
    patch = JSON.parse(overrides);
  } catch {
    throw new KubectlError('Invalid JSON Patch');
  }
  let result: KObject;
  try {
    result = applyPatch(type, pod, patch, 'Pod') as KObject;
  } catch (e) {
    throw new KubectlError(e instanceof ApiError ? e.status.message : (e as Error).message);
  }
  // Decoded back into the typed Pod (encoding/json, not strict): a wrong type is the decoder's
  // error, unknown fields are dropped; every container gets a `resources: {}` and the pod a status.
  try {
    result = decodeObject(result, 'v1', 'Pod').object;
  } catch (e) {
    if (e instanceof DecodeError) throw new KubectlError(e.message);
    throw e;
  }
  const containers = Array.isArray(result.spec?.containers)
    ? result.spec.containers.map((c: Record<string, unknown>) => (!c.resources ? { ...c, resources: {} } : c))
    : result.spec?.containers;
  return { ...result, spec: { ...result.spec, containers }, status: result.status ?? {} };
}

/** --expose: the ClusterIP Service run's service/v2 generator builds (selector = the pod's labels). */
function exposeService(
  name: string,
  port: string,
  labelSpec: string,
  dryRun: DryRun,
  format: OutputFormat | undefined,
  namespace: string,
  io: KubectlIO,
  env: KubectlEnv,
): string | undefined {
  const def = env.registry.forObject('v1', 'Service');
  if (!def) return 'error: no matches for kind "Service" in version "v1"\n';
  const selector = labelSpec ? parseLabels(labelSpec) : { run: name };
  const metadata: KObject['metadata'] = { name };
  if (labelSpec) metadata.labels = parseLabels(labelSpec);
  const service: KObject = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata,
    spec: { ports: [{ port: Number(port), protocol: 'TCP', targetPort: Number(port) }], selector },
    status: { loadBalancer: {} },
  };
  try {
    const created = dryRun === 'client' ? service : env.api.create(service, { namespace, dryRun: dryRun === 'server' });
    io.out(printOne(format, created, dryRun));
    if (format?.kind === 'yaml') io.out('---\n');
    return undefined;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return formatApiError(e);
  }
}
