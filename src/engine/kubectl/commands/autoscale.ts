// kubectl autoscale (kubectl pkg/cmd/autoscale): `autoscale (-f FILE | TYPE NAME | TYPE/NAME)
// [--min=N] --max=M [--cpu-percent=P] [--name=NAME]`. For each object whose kind serves the
// `scale` subresource it creates an autoscaling/v1 HorizontalPodAutoscaler named like the object
// (or --name), targeting it by apiVersion, kind and name; minReplicas only when --min > 0,
// targetCPUUtilizationPercentage only when --cpu-percent ≥ 0 (the server then defaults the rest:
// minReplicas 1, CPU 80 %). Prints `horizontalpodautoscaler.autoscaling/NAME autoscaled`.
// --dry-run=client prints the object it would send (`… created (dry run)` or -o yaml).

import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import { horizontalPodAutoscalerKind } from '../../api/kinds/horizontalpodautoscaler';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import { apiVersionOf } from '../../api/kinds/kind-definition';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { namespaceFlags, requestNamespace } from './common-flags';
import { dryRunStrategy, printCollectedErrors, printFlags, printResult, selectObjects } from './label';
import { dryRunSuffix } from './manifest-target';

export const autoscaleFlags: FlagSpec[] = [
  ...namespaceFlags,
  ...printFlags,
  { name: 'min', type: 'int', default: -1 },
  { name: 'max', type: 'int', default: -1 },
  { name: 'cpu-percent', type: 'int', default: -1 },
  { name: 'name', type: 'string', default: '' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'filename', short: 'f', type: 'stringArray', default: [] },
  { name: 'kustomize', short: 'k', type: 'string' },
  { name: 'recursive', short: 'R', type: 'bool' },
  { name: 'save-config', type: 'bool' },
  { name: 'field-manager', type: 'string', default: 'kubectl-autoscale' },
];

/** The scale kind resolver's refusal for a kind without the `scale` subresource. */
function cannotAutoscale(def: KindDefinition): KubectlError {
  const gv = def.group ? `${def.group}/${def.version}` : `/${def.version}`;
  return new KubectlError(
    `cannot autoscale a ${def.kind}: could not find scale subresource for ${gv}, Resource=${def.plural} in discovery information`,
  );
}

/** createHorizontalPodAutoscalerV1: the object kubectl sends. */
export function buildAutoscaler(
  def: KindDefinition,
  target: KObject,
  o: { name: string; min: number; max: number; cpuPercent: number; namespace?: string },
): KObject {
  const spec: Record<string, unknown> = {
    scaleTargetRef: { apiVersion: apiVersionOf(def), kind: def.kind, name: target.metadata.name ?? '' },
  };
  if (o.min > 0) spec.minReplicas = o.min;
  spec.maxReplicas = o.max;
  if (o.cpuPercent >= 0) spec.targetCPUUtilizationPercentage = o.cpuPercent;
  const metadata: KObject['metadata'] = { name: o.name || target.metadata.name };
  if (o.namespace) metadata.namespace = o.namespace;
  return { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata, spec } as KObject;
}

export function runAutoscale(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags } = parsed;
  if (!parsed.changed.has('max')) throw new KubectlError('required flag(s) "max" not set');
  const min = flags.min as number;
  const max = flags.max as number;
  const cpuPercent = flags['cpu-percent'] as number;
  if (max < 1) throw new KubectlError(`--max=MAXPODS is required and must be at least 1, max: ${max}`);
  if (max < min) throw new KubectlError(`--max=MAXPODS must be larger or equal to --min=MINPODS, max: ${max}, min: ${min}`);
  const dryRun = dryRunStrategy(parsed);
  const output = flags.output as string | undefined;
  const namespace = requestNamespace(parsed);
  const explicitNamespace = flags.namespace as string | undefined;

  const { targets } = selectObjects(env, io, {
    resources: parsed.args,
    filenames: flags.filename as string[],
    namespace,
    explicitNamespace,
    allNamespaces: false,
    selector: undefined,
    fieldSelector: undefined,
    all: false,
    local: false,
  });
  let count = 0;
  for (const target of targets) {
    if (target.error || !target.obj) {
      printCollectedErrors([target.error], io);
      return 1;
    }
    if (!target.def.scale) throw cannotAutoscale(target.def);
    const hpa = buildAutoscaler(target.def, target.obj, {
      name: flags.name as string,
      min,
      max,
      cpuPercent,
      namespace: explicitNamespace ? namespace : undefined,
    });
    if (dryRun === 'client') {
      // What the client prints: the v1 object with its zero creationTimestamp and status.
      const shown = {
        ...hpa,
        metadata: { ...hpa.metadata, creationTimestamp: null as unknown as string },
        status: { currentReplicas: 0, desiredReplicas: 0 },
      };
      io.out(printResult(horizontalPodAutoscalerKind, shown, `created${dryRunSuffix(dryRun)}`, output));
      count++;
      continue;
    }
    try {
      const created = env.api.create(hpa, { namespace, dryRun: dryRun === 'server' });
      io.out(printResult(horizontalPodAutoscalerKind, created, `autoscaled${dryRunSuffix(dryRun)}`, output));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      printCollectedErrors([e], io);
      return 1;
    }
    count++;
  }
  if (count === 0) throw new KubectlError('no objects passed to autoscale');
  return 0;
}
