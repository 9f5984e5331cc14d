// EndpointSlice controller (pkg/controller/endpointslice): keeps the EndpointSlices of every
// Service with a selector in line with the pods it selects — ready, serving and terminating as
// the pods' Ready condition and deletion say — so readiness and termination add and remove
// endpoints.
//
// Watches: Services (their key), Pods (the keys of the Services in the pod's namespace whose
// selector matches the pod's old or new labels, found through a SelectorIndex: only the Services
// filed under one of the pod's labels are tried, not every Service of the namespace), EndpointSlices it manages (changed or deleted by someone else: resync the Service),
// Nodes (read only, for the zone). Writes: creates, updates and deletes of its slices, planned by
// reconciler.ts. endpointUpdatesBatchPeriod is 0 (the default): every change syncs at once.
// Not simulated: topology hints, the last-change-trigger-time annotation, events, metrics.

import { selectorFromSet } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { deepEqual } from '../../api/deep';
import { isApiError } from '../../api/errors';
import { endpointSliceKind, nodeKind, podKind, serviceKind } from '../../api/kinds';
import type { Clock } from '../../clock/clock';
import { Controller, type Keys } from '../../runtime/controller';
import { keyFor, objectKey, splitKey, type InformerFactory } from '../../runtime/informer';
import { ensureLabelIndex, listMatching } from '../../runtime/lookups';
import { SelectorIndex } from '../../runtime/selector-index';
import { BucketRateLimiter, ItemExponentialFailureRateLimiter, MaxOfRateLimiter } from '../../runtime/rate-limiters';
import { isPodReady, podIPs } from './endpoints';
import { CONTROLLER_NAME, LABEL_MANAGED_BY, LABEL_SERVICE_NAME, reconcile } from './reconciler';

/** defaultSyncBackOff / maxSyncBackOff of the endpointslice controller. */
const SYNC_BACKOFF_MS = 1_000;
const MAX_SYNC_BACKOFF_MS = 1_000_000;

/** The part of a pod its endpoint depends on (podEndpointChanged). */
function endpointRelevant(pod: KObject): unknown {
  return {
    ips: podIPs(pod),
    ready: isPodReady(pod),
    terminating: !!pod.metadata.deletionTimestamp,
    phase: pod.status?.phase,
    nodeName: pod.spec?.nodeName,
    hostname: pod.spec?.hostname,
    subdomain: pod.spec?.subdomain,
  };
}

/** Stored slices: no empty lists (they come back from storage as null). */
function toWire(slice: KObject): KObject {
  const out = { ...slice };
  if (Array.isArray(out.endpoints) && out.endpoints.length === 0) out.endpoints = null;
  if (Array.isArray(out.ports) && out.ports.length === 0) out.ports = null;
  return out;
}

export function startEndpointSliceController(api: ApiServer, clock: Clock, informers: InformerFactory): Controller {
  const services = informers.informerFor(serviceKind);
  const pods = ensureLabelIndex(informers.informerFor(podKind));
  const slices = ensureLabelIndex(informers.informerFor(endpointSliceKind));
  const nodes = informers.informerFor(nodeKind);
  /** The selectors of the Services that have one, by Service key (found from a pod's labels). */
  const selectors = new SelectorIndex();
  /**
   * Set while this controller writes: watch events are delivered synchronously, so the slice
   * events seen meanwhile are its own writes, not news to resync on.
   */
  let writing = false;

  const setSelector = (svc: KObject, present: boolean) => {
    const selector: Record<string, string> | undefined = svc.spec?.selector;
    // Without a selector the Service is forgotten: given one later, it comes last (a Map's order).
    if (!present || !selector || Object.keys(selector).length === 0) selectors.remove(objectKey(svc));
    else selectors.set(objectKey(svc), svc.metadata.namespace ?? '', selectorFromSet(selector));
  };

  const servicesMatching = (pod: KObject, out: Set<string>) => {
    for (const key of selectors.matching(pod.metadata.namespace ?? '', pod.metadata.labels)) out.add(key);
  };

  const sync = (key: string) => {
    const service = services.getByKey(key);
    // A deleted Service's slices go with it through their owner references.
    if (!service || service.spec?.type === 'ExternalName') return;
    const selector: Record<string, string> | undefined = service.spec?.selector;
    if (!selector || Object.keys(selector).length === 0) return;
    const { namespace, name } = splitKey(key);
    const match = selectorFromSet(selector);
    const selected = listMatching(pods, namespace, match);
    const existing = listMatching(
      slices,
      namespace,
      selectorFromSet({ [LABEL_SERVICE_NAME]: name, [LABEL_MANAGED_BY]: CONTROLLER_NAME }),
    ).filter((s) => !s.metadata.deletionTimestamp);
    const plan = reconcile(service, selected, existing, (n) => nodes.get(undefined, n));
    writing = true;
    try {
      for (const slice of plan.create) api.create(toWire(slice));
      for (const slice of plan.update) api.update(toWire(slice));
      for (const slice of plan.delete) {
        try {
          api.delete(endpointSliceKind, namespace, slice.metadata.name ?? '');
        } catch (e) {
          if (!isApiError(e, 'NotFound')) throw e;
        }
      }
    } catch (e) {
      if (isApiError(e)) return { error: e };
      throw e;
    } finally {
      writing = false;
    }
    if (plan.missingNode) return { error: new Error(`skipping pods of Service ${key}: node not found`) };
    return;
  };

  const controller = new Controller({
    name: 'endpointslice-controller',
    clock,
    sync,
    rateLimiter: new MaxOfRateLimiter<string>(
      new ItemExponentialFailureRateLimiter<string>(SYNC_BACKOFF_MS, MAX_SYNC_BACKOFF_MS),
      new BucketRateLimiter<string>(),
    ),
  });

  controller.handle(services, {
    onAdd: (svc) => {
      setSelector(svc, true);
      return objectKey(svc);
    },
    onUpdate: (_old, svc) => {
      setSelector(svc, true);
      return objectKey(svc);
    },
    onDelete: (svc) => {
      setSelector(svc, false);
      return objectKey(svc);
    },
  });

  controller.handle(pods, {
    onAdd: (pod) => {
      const keys = new Set<string>();
      servicesMatching(pod, keys);
      return [...keys];
    },
    onUpdate: (oldPod, pod): Keys => {
      // No Service selects in the pod's namespace (which never changes): nothing to compare.
      if (!selectors.selectsIn(pod.metadata.namespace ?? '')) return undefined;
      const labelsChanged = !deepEqual(oldPod.metadata.labels ?? {}, pod.metadata.labels ?? {});
      const podChanged = !deepEqual(endpointRelevant(oldPod), endpointRelevant(pod));
      if (!labelsChanged && !podChanged) return undefined;
      const now = new Set<string>();
      servicesMatching(pod, now);
      if (!labelsChanged) return [...now];
      const before = new Set<string>();
      servicesMatching(oldPod, before);
      // GetServicesToUpdateOnPodChange: a relabelled pod concerns the Services it joined or
      // left, and all of them when its endpoint changed too.
      const keys = new Set<string>();
      for (const k of before) if (podChanged || !now.has(k)) keys.add(k);
      for (const k of now) if (podChanged || !before.has(k)) keys.add(k);
      return [...keys];
    },
    onDelete: (pod) => {
      const keys = new Set<string>();
      servicesMatching(pod, keys);
      return [...keys];
    },
  });

  const managedServiceKey = (slice: KObject): string | undefined => {
    const labels = slice.metadata.labels ?? {};
    if (labels[LABEL_MANAGED_BY] !== CONTROLLER_NAME || !labels[LABEL_SERVICE_NAME]) return undefined;
    return keyFor(slice.metadata.namespace, labels[LABEL_SERVICE_NAME]);
  };
  controller.handle(slices, {
    onAdd: (slice) => (writing ? undefined : managedServiceKey(slice)),
    onUpdate: (oldSlice, slice): Keys => {
      if (writing) return undefined;
      return [managedServiceKey(oldSlice), managedServiceKey(slice)].filter((k): k is string => k !== undefined);
    },
    onDelete: (slice) => (writing ? undefined : managedServiceKey(slice)),
  });

  return controller;
}
