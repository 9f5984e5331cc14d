// API defaulting for core/v1 Pods and pod templates, as the generated defaulters in
// k8s.io/kubernetes/pkg/apis/core/v1 (SetObjectDefaults_Pod / SetObjectDefaults_PodTemplate) apply
// them: SetDefaults_Pod, SetDefaults_PodSpec, SetDefaults_Container, SetDefaults_Probe,
// SetDefaults_HTTPGetAction, SetDefaults_Volume and friends, SetDefaults_ResourceList (quantities
// rounded up to milli and read back in canonical form, see resources.ts), plus the `+default`
// markers (container port protocol TCP, gRPC probe service "").
//
// Not here (admission plugins, not API defaulting): DefaultTolerationSeconds, Priority
// (spec.priority / preemptionPolicy), ServiceAccount (serviceAccountName, token volume),
// LimitRanger. Not here (REST strategy): status.phase Pending / qosClass on create.
//
// Purity: inputs are never mutated, an input that needs no default is returned as is, and the
// defaulted spec is memoised per (frozen) input spec so pods stamped from one template share one
// defaulted spec object.

import type { KObject, PodSpec } from '../../../k8s/types';
import { isObj, mapObj, mapObjArray, memoizeFrozen, patch, type Obj } from './cow';
import { defaultPullPolicy } from './image';
import { defaultResourceList } from './resources';

export const DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS = 30;
export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';
export const TERMINATION_MESSAGE_PATH_DEFAULT = '/dev/termination-log';
/** 0644: default mode of secret / configMap / downwardAPI / projected volume files. */
export const VOLUME_SOURCE_DEFAULT_MODE = 420;
/** ServiceAccountTokenProjection.expirationSeconds default: one hour. */
export const SERVICE_ACCOUNT_TOKEN_EXPIRATION_SECONDS = 3600;

const EMPTY_SPEC: PodSpec = Object.freeze({}) as PodSpec;

// ---- leaf defaulters (SetDefaults_*) ----------------------------------------------------------

function defaultHTTPGet(http: Obj): Obj {
  return patch(http, {
    path: http.path === undefined || http.path === '' ? '/' : http.path,
    scheme: http.scheme === undefined || http.scheme === '' ? 'HTTP' : http.scheme,
  });
}

function defaultGRPC(grpc: Obj): Obj {
  // `+default=""` on GRPCAction.service (a *string): materialises as an empty string.
  return grpc.service === undefined || grpc.service === null ? patch(grpc, { service: '' }) : grpc;
}

function defaultProbe(probe: Obj): Obj {
  const zero = (v: unknown) => v === undefined || v === null || v === 0;
  return patch(probe, {
    timeoutSeconds: zero(probe.timeoutSeconds) ? 1 : probe.timeoutSeconds,
    periodSeconds: zero(probe.periodSeconds) ? 10 : probe.periodSeconds,
    successThreshold: zero(probe.successThreshold) ? 1 : probe.successThreshold,
    failureThreshold: zero(probe.failureThreshold) ? 3 : probe.failureThreshold,
    httpGet: mapObj(probe.httpGet, defaultHTTPGet),
    grpc: mapObj(probe.grpc, defaultGRPC),
  });
}

function defaultLifecycleHandler(handler: Obj): Obj {
  return patch(handler, { httpGet: mapObj(handler.httpGet, defaultHTTPGet) });
}

function defaultLifecycle(lifecycle: Obj): Obj {
  return patch(lifecycle, {
    postStart: mapObj(lifecycle.postStart, defaultLifecycleHandler),
    preStop: mapObj(lifecycle.preStop, defaultLifecycleHandler),
  });
}

function defaultObjectFieldSelector(fs: Obj): Obj {
  return fs.apiVersion === undefined || fs.apiVersion === '' ? patch(fs, { apiVersion: 'v1' }) : fs;
}

function defaultEnvVar(env: Obj): Obj {
  return patch(env, {
    valueFrom: mapObj(env.valueFrom, (vf) => patch(vf, { fieldRef: mapObj(vf.fieldRef, defaultObjectFieldSelector) })),
  });
}

function defaultContainerPort(port: Obj): Obj {
  return port.protocol === undefined || port.protocol === '' ? patch(port, { protocol: 'TCP' }) : port;
}

/** SetDefaults_Pod's "requests default to limits" (Pods only, never templates). */
function defaultRequestsFromLimits(resources: Obj): Obj {
  const limits = resources.limits;
  if (!isObj(limits)) return resources;
  const requests = isObj(resources.requests) ? resources.requests : undefined;
  let merged: Obj | undefined;
  for (const key of Object.keys(limits)) {
    if (requests && key in requests) continue;
    merged ??= { ...(requests ?? {}) };
    merged[key] = limits[key];
  }
  if (merged) return patch(resources, { requests: merged });
  // A `limits` map with no `requests` gets an (empty) requests map, which serializes away.
  return resources;
}

interface ContainerOptions {
  /** Pod (not template) defaults: requests from limits, hostNetwork host ports. */
  pod: boolean;
  hostNetwork: boolean;
  requestsFromLimits: boolean;
}

/** SetDefaults_Container plus the generated per-field defaults for one container. */
function defaultContainer(c: Obj, opts: ContainerOptions): Obj {
  const image = typeof c.image === 'string' ? c.image : undefined;
  let resources: unknown = c.resources;
  // ResourceRequirements is a non-pointer struct: it always serializes, as `resources: {}` when empty.
  if (!isObj(resources)) resources = resources === undefined || resources === null ? {} : resources;
  if (opts.requestsFromLimits && isObj(resources)) resources = defaultRequestsFromLimits(resources);
  if (isObj(resources)) {
    resources = patch(resources, {
      limits: defaultResourceList(resources.limits),
      requests: defaultResourceList(resources.requests),
    });
  }
  let ports = mapObjArray(c.ports, defaultContainerPort);
  if (opts.hostNetwork) {
    ports = mapObjArray(ports, (p) =>
      p.hostPort === undefined || p.hostPort === null || p.hostPort === 0 ? patch(p, { hostPort: p.containerPort }) : p,
    );
  }
  return patch(c, {
    imagePullPolicy: c.imagePullPolicy === undefined || c.imagePullPolicy === '' ? defaultPullPolicy(image) : c.imagePullPolicy,
    terminationMessagePath:
      c.terminationMessagePath === undefined || c.terminationMessagePath === ''
        ? TERMINATION_MESSAGE_PATH_DEFAULT
        : c.terminationMessagePath,
    terminationMessagePolicy:
      c.terminationMessagePolicy === undefined || c.terminationMessagePolicy === '' ? 'File' : c.terminationMessagePolicy,
    ports,
    env: mapObjArray(c.env, defaultEnvVar),
    resources,
    livenessProbe: mapObj(c.livenessProbe, defaultProbe),
    readinessProbe: mapObj(c.readinessProbe, defaultProbe),
    startupProbe: mapObj(c.startupProbe, defaultProbe),
    lifecycle: mapObj(c.lifecycle, defaultLifecycle),
  });
}

function defaultDownwardAPIItems(items: unknown): unknown {
  return mapObjArray(items, (item) => patch(item, { fieldRef: mapObj(item.fieldRef, defaultObjectFieldSelector) }));
}

function withDefaultMode(source: Obj): Obj {
  return source.defaultMode === undefined || source.defaultMode === null
    ? patch(source, { defaultMode: VOLUME_SOURCE_DEFAULT_MODE })
    : source;
}

function defaultProjectedSource(source: Obj): Obj {
  return patch(source, {
    downwardAPI: mapObj(source.downwardAPI, (d) => patch(d, { items: defaultDownwardAPIItems(d.items) })),
    serviceAccountToken: mapObj(source.serviceAccountToken, (t) =>
      t.expirationSeconds === undefined || t.expirationSeconds === null
        ? patch(t, { expirationSeconds: SERVICE_ACCOUNT_TOKEN_EXPIRATION_SECONDS })
        : t,
    ),
  });
}

/** SetDefaults_Volume and the per-source defaulters. */
function defaultVolume(volume: Obj): Obj {
  // A volume naming no source at all becomes an emptyDir.
  const hasSource = Object.keys(volume).some((k) => k !== 'name' && volume[k] !== undefined && volume[k] !== null);
  if (!hasSource) return patch(volume, { emptyDir: {} });
  return patch(volume, {
    // HostPathType defaults to "" (HostPathUnset).
    hostPath: mapObj(volume.hostPath, (h) => (h.type === undefined || h.type === null ? patch(h, { type: '' }) : h)),
    secret: mapObj(volume.secret, withDefaultMode),
    configMap: mapObj(volume.configMap, withDefaultMode),
    downwardAPI: mapObj(volume.downwardAPI, (d) => withDefaultMode(patch(d, { items: defaultDownwardAPIItems(d.items) }))),
    projected: mapObj(volume.projected, (p) =>
      withDefaultMode(patch(p, { sources: mapObjArray(p.sources, defaultProjectedSource) })),
    ),
    ephemeral: mapObj(volume.ephemeral, (e) =>
      patch(e, {
        volumeClaimTemplate: mapObj(e.volumeClaimTemplate, (t) =>
          patch(t, {
            spec: mapObj(t.spec, (s) =>
              s.volumeMode === undefined || s.volumeMode === null ? patch(s, { volumeMode: 'Filesystem' }) : s,
            ),
          }),
        ),
      }),
    ),
  });
}

// ---- pod spec ---------------------------------------------------------------------------------

function defaultSpec(spec: PodSpec, pod: boolean): PodSpec {
  const s = spec as Obj;
  const hostNetwork = pod && s.hostNetwork === true;
  const regular: ContainerOptions = { pod, hostNetwork, requestsFromLimits: pod };
  const ephemeral: ContainerOptions = { pod, hostNetwork: false, requestsFromLimits: false };
  const changes: Obj = {
    // SetDefaults_PodSpec (templates and pods alike)
    dnsPolicy: s.dnsPolicy === undefined || s.dnsPolicy === '' ? 'ClusterFirst' : s.dnsPolicy,
    restartPolicy: s.restartPolicy === undefined || s.restartPolicy === '' ? 'Always' : s.restartPolicy,
    securityContext: s.securityContext === undefined || s.securityContext === null ? {} : s.securityContext,
    terminationGracePeriodSeconds:
      s.terminationGracePeriodSeconds === undefined || s.terminationGracePeriodSeconds === null
        ? DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS
        : s.terminationGracePeriodSeconds,
    schedulerName: s.schedulerName === undefined || s.schedulerName === '' ? DEFAULT_SCHEDULER_NAME : s.schedulerName,
    volumes: mapObjArray(s.volumes, defaultVolume),
    initContainers: mapObjArray(s.initContainers, (c) => defaultContainer(c, regular)),
    containers: mapObjArray(s.containers, (c) => defaultContainer(c, regular)),
    ephemeralContainers: mapObjArray(s.ephemeralContainers, (c) => defaultContainer(c, ephemeral)),
    overhead: defaultResourceList(s.overhead),
  };
  if (pod) {
    // SetDefaults_Pod (Pods only: "new fields added here will break upgrade tests" for templates)
    changes.enableServiceLinks =
      s.enableServiceLinks === undefined || s.enableServiceLinks === null ? true : s.enableServiceLinks;
  }
  return patch(s, changes) as PodSpec;
}

const defaultPodSpecOfPod = memoizeFrozen<PodSpec>((spec) => defaultSpec(spec, true));
const defaultTemplatePodSpec = memoizeFrozen<PodSpec>((spec) => defaultSpec(spec, false));

/**
 * Defaults a pod template's spec (SetObjectDefaults_PodTemplate and the template part of every
 * workload's defaulter): SetDefaults_PodSpec and container/volume defaults, but not the Pod-only
 * ones (requests from limits, enableServiceLinks, hostNetwork host ports).
 */
export function defaultPodSpec(spec: PodSpec): PodSpec {
  return defaultTemplatePodSpec(spec);
}

/** Defaults a pod template (`{metadata, spec}`); returns the same object when nothing changes. */
export function defaultPodTemplateSpec<T extends { spec?: PodSpec }>(template: T): T {
  return patch(template, { spec: defaultPodSpec(template.spec ?? EMPTY_SPEC) } as Partial<T>);
}

/** SetObjectDefaults_Pod. Pure; returns `pod` itself when it is already fully defaulted. */
export function defaultPod<T extends KObject>(pod: T): T {
  const spec = defaultPodSpecOfPod((pod.spec as PodSpec | undefined) ?? EMPTY_SPEC);
  return patch(pod, { spec } as Partial<T>);
}
