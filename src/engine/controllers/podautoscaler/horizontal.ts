// The horizontal pod autoscaler controller (pkg/controller/podautoscaler/horizontal.go), driven
// by the virtual clock.
//
// Every HPA is reconciled every --horizontal-pod-autoscaler-sync-period (15 s), the first time 15 s
// after it appears (the HPA queue's rate limiter is a fixed 15 s interval, also for adds). A
// reconcile:
//  1. resolves spec.scaleTargetRef (apiVersion's group + kind) through the kind registry and GETs
//     the target's `scale` subresource — failures: AbleToScale=False FailedGetScale and a
//     FailedGetScale event (an empty apiVersion names the core group, so `kind: ReplicaSet` without
//     `apiVersion: apps/v1` gives `no matches for kind "ReplicaSet" in group ""`, as in Kubernetes);
//  2. with 0 target replicas (and minReplicas > 0) does nothing (ScalingActive=False
//     ScalingDisabled); above maxReplicas / below minReplicas goes to the bound; otherwise computes
//     every metric's proposal from the pods the Scale's selector selects and their metrics
//     (metrics/metrics-server.ts; replica-calculator.ts), keeps the largest, and normalizes it
//     (normalize.ts: stabilization window, rate limits or behavior policies, min/max);
//  3. writes a new size through the `scale` subresource (SuccessfulRescale "New size: N; reason:
//     …" / FailedRescale) and the status (currentReplicas, desiredReplicas, currentMetrics,
//     lastScaleTime, conditions AbleToScale / ScalingActive / ScalingLimited) when it changed.
// Pods, Object and External metrics have no source here (no custom or external metrics API is
// registered) and fail the way they do on a cluster without an adapter.

import { parseSelector, type Selector } from '../../../k8s/labels';
import { parseQuantity } from '../../../k8s/quantity';
import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { deepEqual } from '../../api/deep';
import { isApiError } from '../../api/errors';
import { horizontalPodAutoscalerKind, milliQuantity } from '../../api/kinds/horizontalpodautoscaler';
import { podKind } from '../../api/kinds';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import { getScale, updateScale, type Scale } from '../../api/subresources/scale';
import type { Clock } from '../../clock/clock';
import { metricsServerFor, podUsage, type MetricsServer } from '../../metrics/metrics-server';
import { Controller } from '../../runtime/controller';
import type { Recorder } from '../../runtime/events';
import { objectKey, splitKey, type Informer, type InformerFactory } from '../../runtime/informer';
import { ensureLabelIndex, listMatching } from '../../runtime/lookups';
import {
  newHpaMemory,
  normalizeDesiredReplicas,
  normalizeDesiredReplicasWithBehaviors,
  recordInitialRecommendation,
  storeScaleEvent,
  type Behavior,
  type HpaMemory,
} from './normalize';
import {
  CalcError,
  plainMetricReplicas,
  resourceReplicas,
  tolerances,
  type CalcTiming,
  type PodMetricsInfo,
} from './replica-calculator';

export const HPA_CONTROLLER = 'horizontal-pod-autoscaler';

/** kube-controller-manager's HPA flags, with their defaults. */
export interface HpaOptions {
  /** --horizontal-pod-autoscaler-sync-period. */
  syncPeriodMs: number;
  /** --horizontal-pod-autoscaler-tolerance. */
  tolerance: number;
  /** --horizontal-pod-autoscaler-downscale-stabilization. */
  downscaleStabilizationMs: number;
  /** --horizontal-pod-autoscaler-cpu-initialization-period. */
  cpuInitializationPeriodMs: number;
  /** --horizontal-pod-autoscaler-initial-readiness-delay. */
  initialReadinessDelayMs: number;
}

export const DEFAULT_HPA_OPTIONS: HpaOptions = {
  syncPeriodMs: 15_000,
  tolerance: 0.1,
  downscaleStabilizationMs: 300_000,
  cpuInitializationPeriodMs: 300_000,
  initialReadinessDelayMs: 30_000,
};

export interface HorizontalControllerDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
  recorder: Recorder;
  metrics?: MetricsServer;
  options?: Partial<HpaOptions>;
}

type Obj = Record<string, any>;

interface Condition {
  type: string;
  status: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** Thrown to stop a reconcile after its status was written (a Go `return err`). */
class Stop extends Error {}

/** schema.ParseGroupVersion. */
export function parseGroupVersion(gv: string): { group: string; version: string } {
  if (gv === '' || gv === '/') return { group: '', version: '' };
  const parts = gv.split('/');
  if (parts.length === 1) return { group: '', version: parts[0] };
  if (parts.length === 2) return { group: parts[0], version: parts[1] };
  throw new Error(`unexpected GroupVersion string: ${gv}`);
}

function errText(e: unknown): string {
  if (isApiError(e)) return e.status.message ?? '';
  return e instanceof Error ? e.message : String(e);
}

/** setConditionInList: existing conditions keep their place; a status change moves lastTransitionTime. */
function setCondition(conditions: Condition[], type: string, status: string, reason: string, message: string, now: string): void {
  let c = conditions.find((x) => x.type === type);
  if (!c) {
    c = { type, status: '' };
    conditions.push(c);
  }
  if (c.status !== status) c.lastTransitionTime = now;
  c.status = status;
  c.reason = reason;
  c.message = message;
}

interface Working {
  hpa: KObject;
  key: string;
  conditions: Condition[];
  status: Obj;
}

export class HorizontalController {
  readonly controller: Controller;
  readonly options: HpaOptions;
  private readonly hpas: Informer;
  private readonly pods: Informer;
  private readonly metrics: MetricsServer;
  private readonly memory = new Map<string, HpaMemory>();
  /** The selector each reconciled HPA last used (AmbiguousSelector). */
  private readonly selectors = new Map<string, Selector>();

  constructor(private readonly deps: HorizontalControllerDeps) {
    this.options = { ...DEFAULT_HPA_OPTIONS, ...deps.options };
    this.metrics = deps.metrics ?? metricsServerFor(deps.api);
    this.hpas = deps.informers.informerFor(horizontalPodAutoscalerKind);
    this.pods = ensureLabelIndex(deps.informers.informerFor(podKind));
    this.controller = new Controller({
      name: HPA_CONTROLLER,
      clock: deps.clock,
      sync: (key) => this.sync(key),
    });
    const enqueue = (obj: KObject) => this.controller.enqueueAfter(objectKey(obj), this.options.syncPeriodMs);
    this.hpas.addHandler({
      onAdd: enqueue,
      onUpdate: (_old, obj) => enqueue(obj),
      onDelete: (obj) => this.selectors.delete(objectKey(obj)),
    });
  }

  stop(): void {
    this.controller.stop();
  }

  /** reconcileKey. */
  sync(key: string): { requeueAfterMs: number } | undefined {
    const { namespace, name } = splitKey(key);
    const hpa = this.hpas.get(namespace, name);
    if (!hpa) {
      this.memory.delete(key);
      this.selectors.delete(key);
      return undefined;
    }
    try {
      this.reconcile(hpa, key);
    } catch (e) {
      if (!(e instanceof Stop)) throw e;
    }
    return { requeueAfterMs: this.options.syncPeriodMs };
  }

  private now(): string {
    return this.deps.clock.timestamp();
  }

  private event(w: Working, type: 'Normal' | 'Warning', reason: string, message: string): void {
    this.deps.recorder.event(w.hpa, type, reason, message);
  }

  private condition(w: Working, type: string, status: string, reason: string, message: string): void {
    setCondition(w.conditions, type, status, reason, message, this.now());
  }

  /** updateStatusIfNeeded. */
  private writeStatus(w: Working, original: Obj): void {
    const status: Obj = {};
    if (w.status.observedGeneration !== undefined) status.observedGeneration = w.status.observedGeneration;
    if (w.status.lastScaleTime) status.lastScaleTime = w.status.lastScaleTime;
    if (w.status.currentReplicas) status.currentReplicas = w.status.currentReplicas;
    status.desiredReplicas = w.status.desiredReplicas ?? 0;
    if (Array.isArray(w.status.currentMetrics) && w.status.currentMetrics.length > 0)
      status.currentMetrics = w.status.currentMetrics;
    if (w.conditions.length > 0) status.conditions = w.conditions;
    if (deepEqual(original, status)) return;
    try {
      this.deps.api.update({ ...w.hpa, status }, { subresource: 'status' });
    } catch (e) {
      if (!isApiError(e)) throw e;
      this.event(w, 'Warning', 'FailedUpdateStatus', errText(e));
    }
  }

  private fail(w: Working, original: Obj): never {
    this.writeStatus(w, original);
    throw new Stop();
  }

  /** reconcileAutoscaler. */
  private reconcile(hpa: KObject, key: string): void {
    const original: Obj = hpa.status ?? {};
    const w: Working = {
      hpa,
      key,
      conditions: ((original.conditions ?? []) as Condition[]).map((c) => ({ ...c })),
      status: { ...original },
    };
    const spec: Obj = hpa.spec ?? {};
    const ref: Obj = spec.scaleTargetRef ?? {};
    const namespace = hpa.metadata.namespace ?? 'default';
    const scaleFailure = (message: string): never => {
      this.event(w, 'Warning', 'FailedGetScale', message);
      this.condition(
        w,
        'AbleToScale',
        'False',
        'FailedGetScale',
        `the HPA controller was unable to get the target's current scale: ${message}`,
      );
      this.fail(w, original);
    };

    let group: string;
    try {
      group = parseGroupVersion(String(ref.apiVersion ?? '')).group;
    } catch (e) {
      return scaleFailure(errText(e));
    }
    const kind = String(ref.kind ?? '');
    const mappings = this.deps.api.registry.kinds().filter((d) => d.group === group && d.kind === kind);
    if (mappings.length === 0) return scaleFailure(`no matches for kind "${kind}" in group "${group}"`);
    let scale: Scale | undefined;
    let target: KindDefinition | undefined;
    let firstError: unknown;
    for (const def of mappings) {
      try {
        scale = getScale(this.deps.api, def, namespace, String(ref.name ?? ''));
        target = def;
        break;
      } catch (e) {
        if (!isApiError(e)) throw e;
        firstError ??= e;
      }
    }
    if (!scale || !target) return scaleFailure(errText(firstError));
    this.condition(
      w,
      'AbleToScale',
      'True',
      'SucceededGetScale',
      "the HPA controller was able to get the target's current scale",
    );

    const nowMs = this.deps.clock.now();
    const currentReplicas = scale.spec.replicas ?? 0;
    let mem = this.memory.get(key);
    if (!mem) {
      mem = newHpaMemory();
      this.memory.set(key, mem);
    }
    recordInitialRecommendation(mem, currentReplicas, nowMs);

    const minReplicas = typeof spec.minReplicas === 'number' ? spec.minReplicas : 1;
    const maxReplicas = typeof spec.maxReplicas === 'number' ? spec.maxReplicas : 0;
    let desiredReplicas = 0;
    let rescaleReason = '';
    let rescale = true;
    let metricStatuses: Obj[] | undefined;

    if (currentReplicas === 0 && minReplicas !== 0) {
      desiredReplicas = 0;
      rescale = false;
      this.condition(
        w,
        'ScalingActive',
        'False',
        'ScalingDisabled',
        'scaling is disabled since the replica count of the target is zero',
      );
    } else if (currentReplicas > maxReplicas) {
      rescaleReason = 'Current number of replicas above Spec.MaxReplicas';
      desiredReplicas = maxReplicas;
    } else if (currentReplicas < minReplicas) {
      rescaleReason = 'Current number of replicas below Spec.MinReplicas';
      desiredReplicas = minReplicas;
    } else {
      const computed = this.computeReplicasForMetrics(w, scale, (spec.metrics ?? []) as Obj[]);
      metricStatuses = computed.statuses;
      if (computed.error !== undefined && computed.replicas === -1) {
        w.status.currentReplicas = currentReplicas;
        w.status.currentMetrics = metricStatuses;
        this.writeStatus(w, original);
        this.event(w, 'Warning', 'FailedComputeMetricsReplicas', computed.error);
        throw new Stop();
      }
      let rescaleMetric = '';
      if (computed.replicas > desiredReplicas) {
        desiredReplicas = computed.replicas;
        rescaleMetric = computed.metric;
      }
      if (desiredReplicas > currentReplicas) rescaleReason = `${rescaleMetric} above target`;
      if (desiredReplicas < currentReplicas) rescaleReason = 'All metrics below target';
      const normalized = spec.behavior
        ? normalizeDesiredReplicasWithBehaviors(mem, {
            current: currentReplicas,
            desired: desiredReplicas,
            min: minReplicas,
            max: maxReplicas,
            behavior: spec.behavior as Behavior,
            downscaleStabilizationMs: this.options.downscaleStabilizationMs,
            nowMs,
          })
        : normalizeDesiredReplicas(mem, {
            current: currentReplicas,
            desired: desiredReplicas,
            min: minReplicas,
            max: maxReplicas,
            downscaleStabilizationMs: this.options.downscaleStabilizationMs,
            nowMs,
          });
      this.condition(w, 'AbleToScale', 'True', normalized.ableToScale.reason, normalized.ableToScale.message);
      this.condition(
        w,
        'ScalingLimited',
        normalized.scalingLimited.status,
        normalized.scalingLimited.reason,
        normalized.scalingLimited.message,
      );
      desiredReplicas = normalized.desired;
      rescale = desiredReplicas !== currentReplicas;
    }

    if (rescale) {
      try {
        updateScale(this.deps.api, target, namespace, scale.metadata.name ?? '', {
          ...scale,
          spec: { ...scale.spec, replicas: desiredReplicas },
        });
      } catch (e) {
        if (!isApiError(e)) throw e;
        this.event(w, 'Warning', 'FailedRescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}; error: ${errText(e)}`);
        this.condition(
          w,
          'AbleToScale',
          'False',
          'FailedUpdateScale',
          `the HPA controller was unable to update the target scale: ${errText(e)}`,
        );
        w.status.currentReplicas = currentReplicas;
        w.status.currentMetrics = metricStatuses;
        this.fail(w, original);
      }
      this.condition(
        w,
        'AbleToScale',
        'True',
        'SucceededRescale',
        `the HPA controller was able to update the target scale to ${desiredReplicas}`,
      );
      this.event(w, 'Normal', 'SuccessfulRescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}`);
      storeScaleEvent(mem, spec.behavior as Behavior | undefined, currentReplicas, desiredReplicas, nowMs);
      w.status.lastScaleTime = this.now();
    } else {
      desiredReplicas = currentReplicas;
    }
    w.status.currentReplicas = currentReplicas;
    w.status.desiredReplicas = desiredReplicas;
    w.status.currentMetrics = metricStatuses;
    this.writeStatus(w, original);
  }

  /** validateAndParseSelector: the Scale's selector, unless missing, invalid or shared with another HPA. */
  private parseSelector(w: Working, selector: string | undefined): Selector | string {
    if (!selector) {
      this.event(w, 'Warning', 'SelectorRequired', 'selector is required');
      this.condition(w, 'ScalingActive', 'False', 'InvalidSelector', "the HPA target's scale is missing a selector");
      return 'selector is required';
    }
    let parsed: Selector;
    try {
      parsed = parseSelector(selector);
    } catch (e) {
      const msg = `couldn't convert selector into a corresponding internal selector object: ${errText(e)}`;
      this.event(w, 'Warning', 'InvalidSelector', msg);
      this.condition(w, 'ScalingActive', 'False', 'InvalidSelector', msg);
      return msg;
    }
    this.selectors.set(w.key, parsed);
    const namespace = w.hpa.metadata.namespace ?? 'default';
    const pods = this.podsOf(namespace, parsed);
    const selecting = new Set<string>();
    for (const pod of pods) {
      for (const [key, sel] of this.selectors) {
        if (splitKey(key).namespace === namespace && sel.matches(pod.metadata.labels)) selecting.add(key);
      }
    }
    if (selecting.size > 1) {
      const msg = `pods by selector ${selector} are controlled by multiple HPAs: [${[...selecting].sort().join(' ')}]`;
      this.event(w, 'Warning', 'AmbiguousSelector', msg);
      this.condition(w, 'ScalingActive', 'False', 'AmbiguousSelector', msg);
      return msg;
    }
    return parsed;
  }

  private podsOf(namespace: string, selector: Selector): KObject[] {
    return listMatching(this.pods, namespace, selector);
  }

  /** getUnableComputeReplicaCountCondition: the event now, the condition for the caller. */
  private unable(w: Working, reason: string, err: string): Condition {
    this.event(w, 'Warning', reason, err);
    return { type: 'ScalingActive', status: 'False', reason, message: `the HPA was unable to compute the replica count: ${err}` };
  }

  /** computeReplicasForMetrics. */
  private computeReplicasForMetrics(
    w: Working,
    scale: Scale,
    specs: Obj[],
  ): { replicas: number; metric: string; statuses: Obj[] | undefined; error?: string } {
    const selector = this.parseSelector(w, scale.status.selector);
    if (typeof selector === 'string') return { replicas: -1, metric: '', statuses: undefined, error: selector };
    const specReplicas = scale.spec.replicas ?? 0;
    const statuses: Obj[] = specs.map(() => ({ type: '' }));
    let replicas = 0;
    let metric = '';
    let invalidCount = 0;
    let invalidError: string | undefined;
    let invalidCondition: Condition | undefined;
    specs.forEach((spec, i) => {
      const r = this.computeReplicasForMetric(w, spec, specReplicas, selector);
      if ('error' in r) {
        if (invalidCount <= 0) {
          invalidCondition = r.condition;
          invalidError = r.error;
        }
        invalidCount++;
        return;
      }
      statuses[i] = r.status;
      if (replicas === 0 || r.replicas > replicas) {
        replicas = r.replicas;
        metric = r.metric;
      }
    });
    const error =
      invalidError !== undefined
        ? `invalid metrics (${invalidCount} invalid out of ${specs.length}), first error is: ${invalidError}`
        : undefined;
    if (invalidCount >= specs.length || (invalidCount > 0 && replicas < specReplicas)) {
      const c = invalidCondition ?? { type: 'ScalingActive', status: 'False', reason: '', message: '' };
      this.condition(w, c.type, c.status, c.reason ?? '', c.message ?? '');
      return { replicas: -1, metric: '', statuses, error: error ?? 'no metrics' };
    }
    this.condition(
      w,
      'ScalingActive',
      'True',
      'ValidMetricFound',
      `the HPA was able to successfully calculate a replica count from ${metric}`,
    );
    return { replicas, metric, statuses, error };
  }

  private timing(): CalcTiming {
    return {
      nowMs: this.deps.clock.now(),
      cpuInitializationPeriodMs: this.options.cpuInitializationPeriodMs,
      delayOfInitialReadinessStatusMs: this.options.initialReadinessDelayMs,
      parseTime: (ts) => this.deps.clock.parseTimestamp(ts),
    };
  }

  /** The resource metrics client (GetResourceMetric): PodMetrics of the selected pods. */
  private resourceMetric(pods: KObject[], resource: string, container: string): PodMetricsInfo {
    const raw = this.metrics.podMetrics(pods);
    if (raw.size === 0) throw new CalcError('no metrics returned from resource metrics API');
    const namespace = pods[0]?.metadata.namespace ?? 'default';
    const out: PodMetricsInfo = new Map();
    for (const [name, m] of raw) {
      const value = podUsage(m, resource, container);
      if (value === undefined) {
        if (container)
          throw new CalcError(
            `failed to get container metrics: container ${container} not present in metrics for pod ${namespace}/${name}`,
          );
        continue;
      }
      out.set(name, { value, timestampMs: m.timestampMs, windowMs: m.windowMs });
    }
    return out;
  }

  /** computeReplicasForMetric: one metric's proposal and status, or its error and condition. */
  private computeReplicasForMetric(
    w: Working,
    spec: Obj,
    specReplicas: number,
    selector: Selector,
  ): { replicas: number; metric: string; status: Obj } | { error: string; condition: Condition } {
    const namespace = w.hpa.metadata.namespace ?? 'default';
    switch (spec.type) {
      case 'Resource':
      case 'ContainerResource': {
        const container = spec.type === 'ContainerResource';
        const src: Obj = (container ? spec.containerResource : spec.resource) ?? {};
        const reason = container ? 'FailedGetContainerResourceMetric' : 'FailedGetResourceMetric';
        const resource = String(src.name ?? '');
        const r = this.resourceMetricProposal(
          src,
          resource,
          container ? String(src.container ?? '') : '',
          specReplicas,
          namespace,
          selector,
          container,
        );
        if ('error' in r) {
          const wrapped = container
            ? `failed to get ${String(src.container ?? '')} container metric value: ${r.error}`
            : `failed to get ${resource} resource metric value: ${r.error}`;
          return { error: wrapped, condition: this.unable(w, reason, r.error) };
        }
        const key = container ? 'containerResource' : 'resource';
        const body: Obj = container
          ? { container: src.container, current: r.current, name: resource }
          : { current: r.current, name: resource };
        return { replicas: r.replicas, metric: r.metric, status: { [key]: body, type: spec.type } };
      }
      case 'Pods': {
        const name = String(spec.pods?.metric?.name ?? '');
        const err = `unable to get metric ${name}: unable to fetch metrics from custom metrics API: no custom metrics API (custom.metrics.k8s.io) registered`;
        return { error: `failed to get pods metric value: ${err}`, condition: this.unable(w, 'FailedGetPodsMetric', err) };
      }
      case 'Object': {
        const name = String(spec.object?.metric?.name ?? '');
        const obj: Obj = spec.object?.describedObject ?? {};
        const err = `unable to get metric ${name}: ${obj.kind ?? ''} on ${namespace} ${obj.name ?? ''}/unable to fetch metrics from custom metrics API: no custom metrics API (custom.metrics.k8s.io) registered`;
        return { error: `failed to get object metric value: ${err}`, condition: this.unable(w, 'FailedGetObjectMetric', err) };
      }
      case 'External': {
        const name = String(spec.external?.metric?.name ?? '');
        const err = `unable to get external metric ${namespace}/${name}/nil: unable to fetch metrics from external metrics API: no external metrics API (external.metrics.k8s.io) registered`;
        return {
          error: `failed to get ${name} external metric value: failed to get ${name} external metric: ${err}`,
          condition: this.unable(w, 'FailedGetExternalMetric', err),
        };
      }
      default: {
        const err = `unknown metric source type "${String(spec.type ?? '')}"`;
        return { error: err, condition: this.unable(w, 'InvalidMetricSourceType', err) };
      }
    }
  }

  /** computeStatusForResourceMetricGeneric. */
  private resourceMetricProposal(
    src: Obj,
    resource: string,
    container: string,
    currentReplicas: number,
    namespace: string,
    selector: Selector,
    isContainer: boolean,
  ): { replicas: number; metric: string; current: Obj } | { error: string } {
    const target: Obj = src.target ?? {};
    const pods = this.podsOf(namespace, selector);
    const tol = tolerances(this.options.tolerance);
    if (target.averageValue !== undefined && target.averageValue !== null) {
      let targetMilli: number;
      try {
        targetMilli = milliOfQuantity(target.averageValue);
      } catch {
        return { error: `failed to get ${resource} usage: invalid target` };
      }
      try {
        const metrics = this.fetch(pods, resource, container);
        const r = plainMetricReplicas({
          currentReplicas,
          targetUsage: targetMilli,
          resource,
          tolerances: tol,
          pods,
          metrics,
          timing: this.timing(),
        });
        return { replicas: r.replicas, metric: `${resource} resource`, current: { averageValue: milliQuantity(r.usage) } };
      } catch (e) {
        if (!(e instanceof CalcError)) throw e;
        return { error: `failed to get ${resource} usage: ${e.message}` };
      }
    }
    if (typeof target.averageUtilization !== 'number') {
      return {
        error:
          'invalid resource metric source: neither an average utilization target nor an average value (usage) target was set',
      };
    }
    try {
      const metrics = this.fetch(pods, resource, container);
      const r = resourceReplicas({
        currentReplicas,
        targetUtilization: target.averageUtilization,
        resource,
        tolerances: tol,
        pods,
        metrics,
        container,
        timing: this.timing(),
      });
      const metric = isContainer
        ? `${resource} container resource utilization (percentage of request)`
        : `${resource} resource utilization (percentage of request)`;
      return {
        replicas: r.replicas,
        metric,
        current: { averageUtilization: r.utilization, averageValue: milliQuantity(r.rawUtilization) },
      };
    } catch (e) {
      if (!(e instanceof CalcError)) throw e;
      return { error: `failed to get ${resource} utilization: ${e.message}` };
    }
  }

  private fetch(pods: KObject[], resource: string, container: string): PodMetricsInfo {
    try {
      return this.resourceMetric(pods, resource, container);
    } catch (e) {
      if (!(e instanceof CalcError)) throw e;
      throw new CalcError(`unable to get metrics for resource ${resource}: ${e.message}`);
    }
  }
}

function milliOfQuantity(v: unknown): number {
  return parseQuantity(v as string | number).milliValue();
}

export function startHorizontalPodAutoscalerController(deps: HorizontalControllerDeps): HorizontalController {
  return new HorizontalController(deps);
}
