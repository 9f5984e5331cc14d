// Defaulting for autoscaling HorizontalPodAutoscalers, with the autoscaling/v1 → v2 conversion
// the API server does when a v1 object arrives (pkg/apis/autoscaling/v1/conversion.go and
// pkg/apis/autoscaling/v{1,2}/defaults.go). The store keeps the v2 form only.
//
// v1 (SetDefaults, then conversion):
//   minReplicas → 1 when unset; targetCPUUtilizationPercentage N becomes the one metric
//   {type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: N}}};
//   without it there is no metric (the v2 default below then adds the 80 % one).
// v2 (SetDefaults_HorizontalPodAutoscaler):
//   minReplicas → 1; no metrics → CPU utilization 80 %; a behavior that is present gets every unset
//   field of each direction filled: scaleUp {stabilizationWindowSeconds 0, selectPolicy Max,
//   policies [Pods 4 / 15 s, Percent 100 / 15 s]}, scaleDown {selectPolicy Max, policies
//   [Percent 100 / 15 s]} — scaleDown's window stays unset (the controller uses its
//   --horizontal-pod-autoscaler-downscale-stabilization, 5 min). No behavior stays no behavior.
// The alpha `tolerance` field (HPAConfigurableTolerance, off in v1.34) is dropped by the strategy.

import type { KObject } from '../../../k8s/types';

export const HPA_V1_API_VERSION = 'autoscaling/v1';
export const HPA_V2_API_VERSION = 'autoscaling/v2';
/** autoscaling.DefaultCPUUtilization. */
export const DEFAULT_CPU_UTILIZATION = 80;

type Obj = Record<string, any>;

export function defaultScaleUpRules(): Obj {
  return {
    stabilizationWindowSeconds: 0,
    selectPolicy: 'Max',
    policies: [
      { type: 'Pods', value: 4, periodSeconds: 15 },
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ],
  };
}

export function defaultScaleDownRules(): Obj {
  return { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] };
}

/** copyHPAScalingRules over the defaults: every field the user set wins. */
function fillRules(from: unknown, defaults: Obj): Obj {
  if (typeof from !== 'object' || from === null || Array.isArray(from)) return defaults;
  const f = from as Obj;
  const out: Obj = { ...defaults };
  for (const k of ['selectPolicy', 'stabilizationWindowSeconds', 'policies'])
    if (f[k] !== undefined && f[k] !== null) out[k] = f[k];
  // Unknown keys (tolerance with its gate off) are not kept.
  return out;
}

/** The v1 → v2 conversion of a HorizontalPodAutoscaler (spec only; v1 status is the controller's). */
export function convertV1ToV2(hpa: KObject): KObject {
  const spec: Obj = { ...(hpa.spec ?? {}) };
  const target = spec.targetCPUUtilizationPercentage;
  delete spec.targetCPUUtilizationPercentage;
  // v1 SetDefaults: minReplicas 1.
  if (spec.minReplicas === undefined || spec.minReplicas === null) spec.minReplicas = 1;
  if (typeof target === 'number') {
    spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: target } } }];
  }
  const out: KObject = { ...hpa, apiVersion: HPA_V2_API_VERSION, spec };
  if ('status' in out) delete out.status;
  return out;
}

/** Defaults a v2 HPA (converting a v1 one first). Returns the same object when nothing changes. */
export function defaultHorizontalPodAutoscaler(input: KObject): KObject {
  let hpa = input.apiVersion === HPA_V1_API_VERSION ? convertV1ToV2(input) : input;
  const spec: Obj = hpa.spec ?? {};
  const changes: Obj = {};
  if (spec.minReplicas === undefined || spec.minReplicas === null) changes.minReplicas = 1;
  if (!Array.isArray(spec.metrics) || spec.metrics.length === 0) {
    changes.metrics = [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } },
      },
    ];
  }
  if (spec.behavior !== undefined && spec.behavior !== null && typeof spec.behavior === 'object') {
    const b = spec.behavior as Obj;
    const filled = {
      ...b,
      scaleUp: fillRules(b.scaleUp, defaultScaleUpRules()),
      scaleDown: fillRules(b.scaleDown, defaultScaleDownRules()),
    };
    if (JSON.stringify(filled) !== JSON.stringify(b)) changes.behavior = filled;
  }
  if (Object.keys(changes).length === 0) return hpa;
  hpa = { ...hpa, spec: { ...spec, ...changes } };
  return hpa;
}
