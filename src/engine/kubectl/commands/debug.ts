// kubectl debug POD --image=IMAGE [-c NAME] [--target=C] [--profile=P] [-i] [-t] [-- COMMAND...]:
// adds an ephemeral container to a running pod through the pods/ephemeralcontainers subresource
// (a strategic merge patch, as kubectl sends it), naming it debugger-xxxxx unless -c is given and
// shaping its securityContext with the debugging profile. The playground cannot attach a
// terminal, so -i/-t/--attach end with a note on how to read the container's output. Debugging
// by pod copy (--copy-to) and node debugging (node/NAME) are refused with an explanation.

import type { KObject } from '../../../k8s/types';
import { GENERATE_NAME_ALPHABET } from '../../../k8s/names';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import { FlagError, type FlagSpec, type ParsedArgs } from '../flags';
import { resolveType } from '../resources';
import { requestNamespace } from './common-flags';
import { INVALID_REFERENCE_FORMAT, isValidImageReference } from './image-name';
import { findContainer } from './pod-containers';

export const debugFlags: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'arguments-only', type: 'bool' },
  { name: 'attach', type: 'bool' },
  { name: 'container', short: 'c', type: 'string', default: '' },
  { name: 'copy-to', type: 'string', default: '' },
  { name: 'custom', type: 'string', default: '' },
  { name: 'env', type: 'stringArray', default: [] },
  { name: 'filename', short: 'f', type: 'stringArray', default: [] },
  { name: 'image', type: 'string', default: '' },
  { name: 'image-pull-policy', type: 'string', default: '' },
  { name: 'keep-annotations', type: 'bool' },
  { name: 'keep-init-containers', type: 'bool', default: true },
  { name: 'keep-labels', type: 'bool' },
  { name: 'keep-liveness', type: 'bool' },
  { name: 'keep-readiness', type: 'bool' },
  { name: 'keep-startup', type: 'bool' },
  { name: 'profile', type: 'string', default: 'legacy' },
  { name: 'quiet', short: 'q', type: 'bool' },
  { name: 'replace', type: 'bool' },
  { name: 'same-node', type: 'bool' },
  { name: 'set-image', type: 'stringArray', default: [] },
  { name: 'share-processes', type: 'bool', default: true },
  { name: 'stdin', short: 'i', type: 'bool' },
  { name: 'target', type: 'string', default: '' },
  { name: 'tty', short: 't', type: 'bool' },
];

const PROFILES = ['legacy', 'general', 'baseline', 'netadmin', 'restricted', 'sysadmin'];
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never', ''];
const LEGACY_WARNING =
  '--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".\n';

export function runDebug(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags } = parsed;
  // Complete.
  const attach = parsed.changed.has('attach') ? !!flags.attach : !!flags.stdin;
  const envVars = parseEnv(flags.env as string[]);
  const profile = flags.profile as string;
  if (!PROFILES.includes(profile)) throw new KubectlError(`unknown profile: ${profile}`);
  if (flags.custom) throw new KubectlError('--custom is not supported in the playground (it reads a local file)');

  // Validate, in kubectl's order.
  const image = flags.image as string;
  const container = flags.container as string;
  const copyTo = flags['copy-to'] as string;
  const args = parsed.afterDash ?? [];
  if (attach && parsed.changed.has('attach') && !image && !container) {
    throw new KubectlError('you must specify --container or create a new container using --image in order to attach.');
  }
  if (copyTo) {
    if (!image && (flags['set-image'] as string[]).length === 0 && args.length === 0) {
      throw new KubectlError('you must specify --image, --set-image or command arguments.');
    }
    if (args.length > 0 && !container && !image) {
      throw new KubectlError('you must specify an existing container or a new image when specifying args.');
    }
  } else if (flags.replace) throw new KubectlError('--replace may only be used with --copy-to.');
  else if (flags['same-node']) throw new KubectlError('--same-node may only be used with --copy-to.');
  else if ((flags['set-image'] as string[]).length > 0) throw new KubectlError('--set-image may only be used with --copy-to.');
  else if (!image) throw new KubectlError('you must specify --image when not using --copy-to.');
  if (image && !isValidImageReference(image))
    throw new KubectlError(`invalid image name "${image}": ${INVALID_REFERENCE_FORMAT}`);
  if (parsed.args.length === 0 && (flags.filename as string[]).length === 0) {
    throw new KubectlError('NAME or filename is required for debug');
  }
  const pullPolicy = flags['image-pull-policy'] as string;
  if (!PULL_POLICIES.includes(pullPolicy)) throw new KubectlError(`invalid image pull policy: ${pullPolicy}`);
  const target = flags.target as string;
  if (target) {
    if (copyTo) throw new KubectlError('--target is incompatible with --copy-to. Use --share-processes instead.');
    if (!flags.quiet) {
      io.out(
        `Targeting container "${target}". If you don't see processes from this container it may be because the container runtime doesn't support this feature.\n`,
      );
    }
  }
  if (flags.tty && !flags.stdin) throw new KubectlError('-i/--stdin is required for containers with -t/--tty=true');
  if (profile === 'legacy') io.err(LEGACY_WARNING);
  if (parsed.args.length === 0)
    throw new KubectlError('debug with --filename is not supported in the playground; name the pod instead');

  const namespace = requestNamespace(parsed);
  const podDef = env.registry.resolveResource('pods')!;
  for (const arg of parsed.args) {
    const slash = arg.indexOf('/');
    const def = slash >= 0 ? resolveType(env.registry, arg.slice(0, slash)) : podDef;
    const obj = env.api.get(def, namespace, slash >= 0 ? arg.slice(slash + 1) : arg);
    if (def.group === '' && def.kind === 'Node') {
      throw new KubectlError(
        'debugging a node is not supported in the playground: nodes are simulated, with no host filesystem or namespaces to enter',
      );
    }
    if (def !== podDef) throw new KubectlError(`"/${def.version}, Kind=${def.kind}" not supported by debug`);
    if (copyTo) {
      throw new KubectlError(
        `--copy-to is not supported in the playground; add an ephemeral container to the running pod instead: kubectl debug ${obj.metadata.name ?? ''} --image=${image || 'busybox'}`,
      );
    }
    const name = addEphemeralContainer(obj, parsed, envVars, io, env);
    if (attach) io.err(attachNote(obj.metadata.name ?? '', name));
  }
  return 0;
}

/** --env is a map flag (`--env=A=1,B=2`, repeatable). */
function parseEnv(specs: string[]): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = [];
  for (const spec of specs) {
    for (const pair of spec.split(',')) {
      const eq = pair.indexOf('=');
      if (eq < 0) throw new FlagError(`invalid argument "${spec}" for "--env" flag: ${pair} must be formatted as key=value`);
      const name = pair.slice(0, eq);
      const existing = out.find((e) => e.name === name);
      if (existing) existing.value = pair.slice(eq + 1);
      else out.push({ name, value: pair.slice(eq + 1) });
    }
  }
  return out;
}

/** generateDebugContainer + the PATCH of pods/<name>/ephemeralcontainers; returns the name used. */
function addEphemeralContainer(
  pod: KObject,
  parsed: ParsedArgs,
  envVars: { name: string; value: string }[],
  io: KubectlIO,
  env: KubectlEnv,
): string {
  const { flags } = parsed;
  const name = debugContainerName(pod, flags.container as string, !!flags.quiet, io, env);
  const ec: Record<string, unknown> = { name };
  const args = parsed.afterDash ?? [];
  if (args.length > 0) ec[flags['arguments-only'] ? 'args' : 'command'] = args;
  if (envVars.length > 0) ec.env = envVars;
  ec.image = flags.image;
  if (flags['image-pull-policy']) ec.imagePullPolicy = flags['image-pull-policy'];
  ec.resources = {};
  const securityContext = profileSecurityContext(flags.profile as string);
  if (securityContext) ec.securityContext = securityContext;
  if (flags.stdin) ec.stdin = true;
  if (flags.tty) ec.tty = true;
  if (flags.target) ec.targetContainerName = flags.target;
  ec.terminationMessagePolicy = 'File';
  // CreateTwoWayMergePatch's output: the new container, and the list's order when it had one.
  const existing: { name: string }[] = pod.spec?.ephemeralContainers ?? [];
  const spec: Record<string, unknown> = {};
  if (existing.length > 0) {
    spec['$setElementOrder/ephemeralContainers'] = [...existing.map((c) => ({ name: c.name })), { name }];
  }
  spec.ephemeralContainers = [ec];
  const podDef = env.registry.resolveResource('pods')!;
  env.api.patch(
    podDef,
    pod.metadata.namespace,
    pod.metadata.name ?? '',
    'strategic',
    { spec },
    { subresource: 'ephemeralcontainers' },
  );
  return name;
}

/** computeDebugContainerName: -c, else a fresh `debugger-xxxxx` no container of the pod uses. */
function debugContainerName(pod: KObject, requested: string, quiet: boolean, io: KubectlIO, env: KubectlEnv): string {
  if (requested) return requested;
  let name = '';
  while (!name || findContainer(pod, name)) name = `debugger-${env.api.random.string(GENERATE_NAME_ALPHABET, 5)}`;
  if (!quiet) io.out(`Defaulting debug container name to ${name}.\n`);
  return name;
}

/** What each debugging profile sets on an ephemeral container (kubectl debug profiles.go). */
function profileSecurityContext(profile: string): Record<string, unknown> | undefined {
  switch (profile) {
    case 'general':
      return { capabilities: { add: ['SYS_PTRACE'] } };
    case 'netadmin':
      return { capabilities: { add: ['NET_ADMIN', 'NET_RAW'] } };
    case 'sysadmin':
      return { privileged: true };
    case 'restricted':
      return {
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      };
    default:
      // legacy and baseline leave it unset.
      return undefined;
  }
}

function attachNote(pod: string, container: string): string {
  return (
    `Attaching is not supported in the playground: the ephemeral container "${container}" was added to pod/${pod} and runs on its own, ` +
    `but no terminal can be connected to it.\nTo see what it prints, run: kubectl logs ${pod} -c ${container}\n`
  );
}
