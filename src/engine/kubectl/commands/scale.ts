// kubectl scale (kubectl pkg/cmd/scale, pkg/scale): `scale [--resource-version=V]
// [--current-replicas=N] --replicas=N (-f FILE | TYPE NAME | TYPE/NAME … | TYPE -l SEL | TYPE --all)`.
// Works for every kind that serves the `scale` subresource (ReplicaSets, ReplicationControllers,
// Deployments, StatefulSets). Without a precondition each object gets a blind merge PATCH of its
// Scale (`{"spec":{"replicas":N}}`); with --current-replicas / --resource-version the Scale is
// read, the preconditions checked (`Expected replicas to be 2, was 3`) and the Scale updated with
// its resourceVersion. Prints `<kind>.<group>/<name> scaled` (the object as it was read). The first
// failing object stops the command (the visitor returns its error).
// Not simulated: --timeout waiting (accepted, ignored), --record.

import type { KObject } from '../../../k8s/types';
import { ApiError, errors } from '../../api/errors';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import type { Scale } from '../../api/subresources/scale';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { namespaceFlags, requestNamespace } from './common-flags';
import { copy, dryRunStrategy, printCollectedErrors, printFlags, printResult, selectObjects } from './label';
import { dryRunSuffix } from './manifest-target';

export const scaleFlags: FlagSpec[] = [
  ...namespaceFlags,
  ...printFlags,
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'all', type: 'bool' },
  { name: 'resource-version', type: 'string', default: '' },
  { name: 'current-replicas', type: 'int', default: -1 },
  { name: 'replicas', type: 'int', default: 0 },
  { name: 'timeout', type: 'duration', default: '0s' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'filename', short: 'f', type: 'stringArray', default: [] },
  { name: 'kustomize', short: 'k', type: 'string' },
  { name: 'recursive', short: 'R', type: 'bool' },
];

/** ScalePrecondition.validate. */
function checkPreconditions(scale: Scale, size: number, resourceVersion: string): void {
  if (size !== -1 && (scale.spec.replicas ?? 0) !== size) {
    throw new KubectlError(`Expected replicas to be ${size}, was ${scale.spec.replicas ?? 0}`);
  }
  if (resourceVersion && scale.metadata.resourceVersion !== resourceVersion) {
    throw new KubectlError(`Expected resource version to be ${resourceVersion}, was ${scale.metadata.resourceVersion ?? ''}`);
  }
}

/** genericScaler.ScaleSimple: blind PATCH, or GET + preconditions + UPDATE. */
function scaleOne(
  env: KubectlEnv,
  def: KindDefinition,
  obj: KObject,
  replicas: number,
  precondition: { size: number; resourceVersion: string } | undefined,
  dryRun: boolean,
): void {
  if (!def.scale) throw errors.resourceNotFound();
  const ns = obj.metadata.namespace;
  const name = obj.metadata.name ?? '';
  if (!precondition) {
    env.api.patchScale(def, ns, name, 'merge', { spec: { replicas } }, { dryRun });
    return;
  }
  const scale = env.api.getScale(def, ns, name);
  checkPreconditions(scale, precondition.size, precondition.resourceVersion);
  env.api.updateScale(def, ns, name, { ...scale, spec: { ...scale.spec, replicas } }, { dryRun });
}

export function runScale(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags } = parsed;
  if (!parsed.changed.has('replicas')) throw new KubectlError('required flag(s) "replicas" not set');
  const dryRun = dryRunStrategy(parsed);
  const replicas = flags.replicas as number;
  const currentReplicas = flags['current-replicas'] as number;
  if (replicas < 0) throw new KubectlError('The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
  if (currentReplicas < -1) throw new KubectlError('The --current-replicas must specify an integer of -1 or greater');
  const output = flags.output as string | undefined;
  const resourceVersion = (flags['resource-version'] as string) ?? '';

  const { targets } = selectObjects(env, io, {
    resources: parsed.args,
    filenames: flags.filename as string[],
    namespace: requestNamespace(parsed),
    explicitNamespace: flags.namespace as string | undefined,
    allNamespaces: !!flags['all-namespaces'],
    selector: flags.selector as string | undefined,
    fieldSelector: undefined,
    all: !!flags.all,
    local: false,
  });
  const found = targets.filter((t) => !t.error && t.obj);
  if (found.length === 0) {
    // `no objects passed to scale %w` with the builder's (aggregated) error.
    const messages = targets.filter((t) => t.error).map((t) => errorMessage(t.error));
    if (messages.length > 0) {
      const aggregated = messages.length === 1 ? messages[0] : `[${messages.join(', ')}]`;
      throw new KubectlError(`no objects passed to scale ${aggregated}`);
    }
  }
  if (resourceVersion && found.length > 1) throw new KubectlError('cannot use --resource-version with multiple resources');
  const precondition = currentReplicas !== -1 || resourceVersion ? { size: currentReplicas, resourceVersion } : undefined;

  const operation = `scaled${dryRunSuffix(dryRun)}`;
  let counter = 0;
  for (const target of targets) {
    if (target.error || !target.obj) {
      printCollectedErrors([target.error], io);
      return 1;
    }
    counter++;
    try {
      if (dryRun !== 'client') scaleOne(env, target.def, target.obj, replicas, precondition, dryRun === 'server');
      io.out(printResult(target.def, copy(target.obj), operation, output));
    } catch (e) {
      if (!(e instanceof ApiError) && !(e instanceof KubectlError)) throw e;
      if (e instanceof KubectlError) throw e;
      printCollectedErrors([e], io);
      return 1;
    }
  }
  if (counter === 0) throw new KubectlError('no objects passed to scale');
  return 0;
}

function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.status.message;
  return e instanceof Error ? e.message : String(e);
}
