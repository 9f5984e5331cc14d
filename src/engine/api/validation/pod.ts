// core/v1 Pod validation, following pkg/apis/core/validation/validation.go: ValidatePodCreate,
// ValidatePodSpec (reused for workload pod templates), ValidatePodUpdate and ValidatePodStatusUpdate.
//
// Like the real API server these run on DEFAULTED objects (defaulting/pod.ts): e.g. an unset
// imagePullPolicy or port protocol would be "Required value" here, because the server always
// defaults before it validates.
//
// Feature gates are taken at their current defaults (relaxed env var names, sidecar containers,
// zero-second sleep action allowed, in-place resize on); the cluster allows privileged containers.

import type { KObject, PodSpec } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import { deepEqual } from '../deep';
import { ObjectKeyMemo } from '../../runtime/small-map';
import { isValidLabelValue as isValidLabelValueMsgs, maxLenError, nameIsDNSLabel, nameIsDNSSubdomain } from '../../../k8s/names';
import { validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { validateResourceRequirements } from './resources';
import { validateLabelSelector, validateNodeSelector, validatePreferredSchedulingTerms } from './selectors';
import {
  asArray,
  asInt,
  asObj,
  asString,
  asStringMap,
  child,
  inclusiveRangeError,
  index,
  isConfigMapKey,
  isHTTPHeaderName,
  isObj,
  isRelaxedEnvVarName,
  isSet,
  isValidPortName,
  isValidPortNum,
  isValidUnixID,
  key,
  semanticEqual,
  validateDNS1123Label,
  validateDNS1123Subdomain,
  validateIP,
  isIPSloppy,
  validateImmutableField,
  validateLabelName,
  validateLabels,
  validateNonnegative,
  validateQualifiedName,
  type Obj,
} from './util';

const MAX_INT32 = 2147483647;
const FILE_MODE_ERROR_MSG = 'must be a number between 0 and 0777 (octal), both inclusive';
const IS_NOT_POSITIVE_ERROR_MSG = 'must be greater than zero';

export const MIRROR_POD_ANNOTATION_KEY = 'kubernetes.io/config.mirror';
export const POD_DELETION_COST_ANNOTATION_KEY = 'controller.kubernetes.io/pod-deletion-cost';
const SECCOMP_POD_ANNOTATION_KEY = 'seccomp.security.alpha.kubernetes.io/pod';
const SECCOMP_CONTAINER_ANNOTATION_KEY_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';
const APPARMOR_CONTAINER_ANNOTATION_KEY_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';

/** What differs between validating a Pod and a pod template embedded in a workload. */
export interface PodSpecValidationOptions {
  /** The spec belongs to a Pod, not a template (hostNetwork hostPort rule, PVC names). */
  resourceIsPod?: boolean;
  /** The pod's metadata, when validating a real pod (generic ephemeral volume PVC names). */
  podMeta?: { name?: string };
}

type Volumes = Map<string, Obj>;

// ---- containers -------------------------------------------------------------------------------

const supportedPortProtocols = ['SCTP', 'TCP', 'UDP'];

function validateContainerPorts(ports: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  asArray(ports).forEach((p, i) => {
    const port = asObj(p);
    const idx = index(path, i);
    const name = asString(port.name);
    if (name.length > 0) {
      const msgs = isValidPortName(name);
      if (msgs.length > 0) msgs.forEach((msg) => errs.push(field.invalid(child(idx, 'name'), name, msg)));
      else if (names.has(name)) errs.push(field.duplicate(child(idx, 'name'), name));
      else names.add(name);
    }
    const containerPort = asInt(port.containerPort);
    if (containerPort === 0) errs.push(field.required(child(idx, 'containerPort')));
    else
      for (const msg of isValidPortNum(containerPort)) errs.push(field.invalid(child(idx, 'containerPort'), containerPort, msg));
    const hostPort = asInt(port.hostPort);
    if (hostPort !== 0)
      for (const msg of isValidPortNum(hostPort)) errs.push(field.invalid(child(idx, 'hostPort'), hostPort, msg));
    const protocol = asString(port.protocol);
    if (protocol === '') errs.push(field.required(child(idx, 'protocol')));
    else if (!supportedPortProtocols.includes(protocol))
      errs.push(field.notSupported(child(idx, 'protocol'), protocol, supportedPortProtocols));
  });
  return errs;
}

const validEnvDownwardAPIFieldPaths = [
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
  'spec.nodeName',
  'spec.serviceAccountName',
  'status.hostIP',
  'status.hostIPs',
  'status.podIP',
  'status.podIPs',
];
const validVolumeDownwardAPIFieldPaths = [
  'metadata.annotations',
  'metadata.labels',
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
];
const validContainerResourceFieldPaths = [
  'limits.cpu',
  'limits.ephemeral-storage',
  'limits.memory',
  'requests.cpu',
  'requests.ephemeral-storage',
  'requests.memory',
];

/** fieldpath.SplitMaybeSubscriptedPath: `metadata.labels['x']` -> [metadata.labels, x]. */
function splitSubscriptedPath(p: string): [string, string] | undefined {
  if (!p.endsWith("']")) return undefined;
  const trimmed = p.slice(0, -2);
  const open = trimmed.indexOf("['");
  if (open <= 0) return undefined;
  return [trimmed.slice(0, open), trimmed.slice(open + 2)];
}

const downwardAPIFieldLabels = new Set([
  'metadata.annotations',
  'metadata.labels',
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
  'spec.nodeName',
  'spec.restartPolicy',
  'spec.serviceAccountName',
  'spec.schedulerName',
  'status.phase',
  'status.hostIP',
  'status.hostIPs',
  'status.podIP',
  'status.podIPs',
]);

/** podshelper.ConvertDownwardAPIFieldLabel: the internal field path, or the conversion error. */
function convertDownwardAPIFieldLabel(version: string, label: string): { path: string } | { error: string } {
  if (version !== 'v1') return { error: `unsupported pod version: ${version}` };
  const sub = splitSubscriptedPath(label);
  if (sub) {
    if (sub[0] === 'metadata.annotations' || sub[0] === 'metadata.labels') return { path: label };
    return { error: `field label does not support subscript: ${label}` };
  }
  if (downwardAPIFieldLabels.has(label)) return { path: label };
  if (label === 'spec.host') return { path: 'spec.nodeName' };
  return { error: `field label not supported: ${label}` };
}

function validateObjectFieldSelector(fs: Obj, expressions: string[], path: string): FieldError[] {
  const apiVersion = asString(fs.apiVersion);
  if (apiVersion === '') return [field.required(child(path, 'apiVersion'))];
  const fieldPath = asString(fs.fieldPath);
  if (fieldPath === '') return [field.required(child(path, 'fieldPath'))];
  const converted = convertDownwardAPIFieldLabel(apiVersion, fieldPath);
  if ('error' in converted) {
    return [field.invalid(child(path, 'fieldPath'), fieldPath, `error converting fieldPath: ${converted.error}`)];
  }
  const sub = splitSubscriptedPath(converted.path);
  if (sub) {
    const [p, subscript] = sub;
    if (p === 'metadata.annotations') return validateQualifiedName(subscript.toLowerCase(), path);
    if (p === 'metadata.labels') return validateQualifiedName(subscript, path);
    return [field.invalid(path, p, 'does not support subscript')];
  }
  if (!expressions.includes(converted.path)) return [field.notSupported(child(path, 'fieldPath'), converted.path, expressions)];
  return [];
}

function validateContainerResourceFieldSelector(fs: Obj, path: string, volume: boolean): FieldError[] {
  const resource = asString(fs.resource);
  if (volume && asString(fs.containerName) === '') return [field.required(child(path, 'containerName'))];
  if (resource === '') return [field.required(child(path, 'resource'))];
  if (
    !validContainerResourceFieldPaths.includes(resource) &&
    !resource.startsWith('requests.hugepages-') &&
    !resource.startsWith('limits.hugepages-')
  ) {
    return [field.notSupported(child(path, 'resource'), resource, validContainerResourceFieldPaths)];
  }
  return [];
}

function validateKeySelector(sel: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const name = asString(sel.name);
  for (const msg of nameIsDNSSubdomain(name, false)) errs.push(field.invalid(child(path, 'name'), name, msg));
  const k = asString(sel.key);
  if (k === '') errs.push(field.required(child(path, 'key')));
  else for (const msg of isConfigMapKey(k)) errs.push(field.invalid(child(path, 'key'), k, msg));
  return errs;
}

function validateEnvVarValueFrom(ev: Obj, path: string): FieldError[] {
  if (!isObj(ev.valueFrom)) return [];
  const vf = ev.valueFrom;
  const errs: FieldError[] = [];
  let sources = 0;
  if (isObj(vf.fieldRef)) {
    sources++;
    errs.push(...validateObjectFieldSelector(vf.fieldRef, validEnvDownwardAPIFieldPaths, child(path, 'fieldRef')));
  }
  if (isObj(vf.resourceFieldRef)) {
    sources++;
    errs.push(...validateContainerResourceFieldSelector(vf.resourceFieldRef, child(path, 'resourceFieldRef'), false));
  }
  if (isObj(vf.configMapKeyRef)) {
    sources++;
    errs.push(...validateKeySelector(vf.configMapKeyRef, child(path, 'configMapKeyRef')));
  }
  if (isObj(vf.secretKeyRef)) {
    sources++;
    errs.push(...validateKeySelector(vf.secretKeyRef, child(path, 'secretKeyRef')));
  }
  if (sources === 0) {
    errs.push(
      field.invalid(path, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'),
    );
  } else if (asString(ev.value) !== '') {
    errs.push(field.invalid(path, '', 'may not be specified when `value` is not empty'));
  } else if (sources > 1) {
    errs.push(field.invalid(path, '', 'may not have more than one field specified at a time'));
  }
  return errs;
}

function validateEnv(env: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  asArray(env).forEach((e, i) => {
    const ev = asObj(e);
    const idx = index(path, i);
    const name = asString(ev.name);
    if (name === '') errs.push(field.required(child(idx, 'name')));
    else for (const msg of isRelaxedEnvVarName(name)) errs.push(field.invalid(child(idx, 'name'), name, msg));
    errs.push(...validateEnvVarValueFrom(ev, child(idx, 'valueFrom')));
  });
  return errs;
}

function validateEnvFrom(envFrom: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  asArray(envFrom).forEach((e, i) => {
    const ef = asObj(e);
    const idx = index(path, i);
    const prefix = asString(ef.prefix);
    if (prefix.length > 0)
      for (const msg of isRelaxedEnvVarName(prefix)) errs.push(field.invalid(child(idx, 'prefix'), prefix, msg));
    let sources = 0;
    for (const kind of ['configMapRef', 'secretRef'] as const) {
      if (!isObj(ef[kind])) continue;
      sources++;
      const name = asString((ef[kind] as Obj).name);
      const p = child(idx, kind, 'name');
      if (name === '') errs.push(field.required(p));
      else for (const msg of nameIsDNSSubdomain(name, true)) errs.push(field.invalid(p, name, msg));
    }
    if (sources === 0) errs.push(field.invalid(path, '', 'must specify one of: `configMapRef` or `secretRef`'));
    else if (sources > 1) errs.push(field.invalid(path, '', 'may not have more than one field specified at a time'));
  });
  return errs;
}

function isAbsPath(p: string): boolean {
  return p.startsWith('/');
}

function validatePathNoBacksteps(target: string, path: string): FieldError[] {
  return target.split('/').includes('..') ? [field.invalid(path, target, "must not contain '..'")] : [];
}

function validateLocalDescendingPath(target: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (isAbsPath(target)) errs.push(field.invalid(path, target, 'must be a relative path'));
  errs.push(...validatePathNoBacksteps(target, path));
  return errs;
}

function validateLocalNonReservedPath(target: string, path: string): FieldError[] {
  const errs = validateLocalDescendingPath(target, path);
  if (target.startsWith('..') && !target.startsWith('../')) errs.push(field.invalid(path, target, "must not start with '..'"));
  return errs;
}

function validateVolumeMounts(mounts: unknown, volumes: Volumes, container: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const mountPoints = new Set<string>();
  const devices = new Map<string, string>();
  for (const d of asArray(container.volumeDevices)) devices.set(asString(asObj(d).name), asString(asObj(d).devicePath));
  asArray(mounts).forEach((m, i) => {
    const mnt = asObj(m);
    const idx = index(path, i);
    const name = asString(mnt.name);
    const mountPath = asString(mnt.mountPath);
    if (name === '') errs.push(field.required(child(idx, 'name')));
    if (!volumes.has(name)) errs.push(field.notFound(child(idx, 'name'), name));
    if (mountPath === '') errs.push(field.required(child(idx, 'mountPath')));
    if (mountPoints.has(mountPath)) errs.push(field.invalid(child(idx, 'mountPath'), mountPath, 'must be unique'));
    mountPoints.add(mountPath);
    if (devices.has(name)) errs.push(field.invalid(child(idx, 'name'), name, 'must not already exist in volumeDevices'));
    if ([...devices.values()].includes(mountPath)) {
      errs.push(field.invalid(child(idx, 'mountPath'), mountPath, 'must not already exist as a path in volumeDevices'));
    }
    const subPath = asString(mnt.subPath);
    const subPathExpr = asString(mnt.subPathExpr);
    if (isObj(volumes.get(name)?.image)) {
      if (subPath !== '') errs.push(field.invalid(child(idx, 'subPath'), subPath, 'not allowed in image volume sources'));
      if (subPathExpr !== '')
        errs.push(field.invalid(child(idx, 'subPathExpr'), subPathExpr, 'not allowed in image volume sources'));
    }
    // Upstream reports these at `volumeMounts.subPath`, without the index.
    if (subPath !== '') errs.push(...validateLocalDescendingPath(subPath, child(path, 'subPath')));
    if (subPathExpr !== '') {
      if (subPath !== '')
        errs.push(field.invalid(child(idx, 'subPathExpr'), subPathExpr, 'subPathExpr and subPath are mutually exclusive'));
      errs.push(...validateLocalDescendingPath(subPathExpr, child(path, 'subPathExpr')));
    }
    if (isSet(mnt.mountPropagation)) {
      const mp = asString(mnt.mountPropagation);
      const supported = ['Bidirectional', 'HostToContainer', 'None'];
      const mpPath = child(path, 'mountPropagation');
      if (!supported.includes(mp)) errs.push(field.notSupported(mpPath, mp, supported));
      const privileged = asObj(container.securityContext).privileged === true;
      if (mp === 'Bidirectional' && !privileged) {
        errs.push(field.forbidden(mpPath, 'Bidirectional mount propagation is available only to privileged containers'));
      }
    }
    if (isSet(mnt.recursiveReadOnly)) {
      const rro = asString(mnt.recursiveReadOnly);
      const rroPath = child(path, 'recursiveReadOnly');
      if (rro === 'Enabled' || rro === 'IfPossible') {
        if (mnt.readOnly !== true) errs.push(field.forbidden(rroPath, 'may only be specified when readOnly is true'));
        if (isSet(mnt.mountPropagation) && mnt.mountPropagation !== 'None') {
          errs.push(field.forbidden(rroPath, 'may only be specified when mountPropagation is None or not specified'));
        }
      } else if (rro !== 'Disabled') {
        errs.push(field.notSupported(rroPath, rro, ['Disabled', 'Enabled', 'IfPossible']));
      }
    }
  });
  return errs;
}

function validateExecAction(exec: Obj, path: string): FieldError[] {
  return asArray(exec.command).length === 0 ? [field.required(child(path, 'command'))] : [];
}

/** ValidatePortNumOrName for an IntOrString port. */
export function validatePortNumOrName(port: unknown, path: string): FieldError[] {
  if (typeof port === 'number') return isValidPortNum(port).map((msg) => field.invalid(path, port, msg));
  if (typeof port === 'string') return isValidPortName(port).map((msg) => field.invalid(path, port, msg));
  // An absent IntOrString decodes as the integer 0.
  return isValidPortNum(0).map((msg) => field.invalid(path, 0, msg));
}

function validateHTTPGetAction(http: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (asString(http.path) === '') errs.push(field.required(child(path, 'path')));
  errs.push(...validatePortNumOrName(http.port, child(path, 'port')));
  const scheme = asString(http.scheme);
  if (scheme !== 'HTTP' && scheme !== 'HTTPS') errs.push(field.notSupported(child(path, 'scheme'), scheme, ['HTTP', 'HTTPS']));
  for (const h of asArray(http.httpHeaders)) {
    const name = asString(asObj(h).name);
    for (const msg of isHTTPHeaderName(name)) errs.push(field.invalid(child(path, 'httpHeaders'), name, msg));
  }
  return errs;
}

function validateSleepAction(sleep: Obj, gracePeriod: number | undefined, path: string): FieldError[] {
  const seconds = asInt(sleep.seconds);
  if (gracePeriod !== undefined && (seconds < 0 || seconds > gracePeriod)) {
    return [field.invalid(path, seconds, `must be non-negative and less than terminationGracePeriodSeconds (${gracePeriod})`)];
  }
  return [];
}

type HandlerKind = 'exec' | 'httpGet' | 'tcpSocket' | 'grpc' | 'sleep';

function validateHandler(handler: Obj, kinds: HandlerKind[], gracePeriod: number | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let count = 0;
  for (const kind of kinds) {
    const h = handler[kind];
    if (!isObj(h)) continue;
    const p = child(path, kind);
    if (count > 0) {
      errs.push(field.forbidden(p, 'may not specify more than 1 handler type'));
      continue;
    }
    count++;
    switch (kind) {
      case 'exec':
        errs.push(...validateExecAction(h, p));
        break;
      case 'httpGet':
        errs.push(...validateHTTPGetAction(h, p));
        break;
      case 'tcpSocket':
        errs.push(...validatePortNumOrName(h.port, child(p, 'port')));
        break;
      case 'grpc': {
        const port = asInt(h.port);
        for (const msg of isValidPortNum(port)) errs.push(field.invalid(child(p, 'port'), port, msg));
        break;
      }
      case 'sleep':
        errs.push(...validateSleepAction(h, gracePeriod, p));
        break;
    }
  }
  if (count === 0) errs.push(field.required(path, 'must specify a handler type'));
  return errs;
}

const probeHandlers: HandlerKind[] = ['exec', 'httpGet', 'tcpSocket', 'grpc'];
const lifecycleHandlers: HandlerKind[] = ['exec', 'httpGet', 'tcpSocket', 'sleep'];

function validateProbe(probe: Obj, gracePeriod: number | undefined, path: string): FieldError[] {
  const errs = validateHandler(probe, probeHandlers, gracePeriod, path);
  for (const f of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold']) {
    errs.push(...validateNonnegative(asInt(probe[f]), child(path, f)));
  }
  if (isSet(probe.terminationGracePeriodSeconds) && asInt(probe.terminationGracePeriodSeconds) <= 0) {
    errs.push(
      field.invalid(
        child(path, 'terminationGracePeriodSeconds'),
        asInt(probe.terminationGracePeriodSeconds),
        'must be greater than 0',
      ),
    );
  }
  return errs;
}

function validateLivenessOrStartupProbe(probe: unknown, gracePeriod: number | undefined, path: string): FieldError[] {
  if (!isObj(probe)) return [];
  const errs = validateProbe(probe, gracePeriod, path);
  if (asInt(probe.successThreshold) !== 1)
    errs.push(field.invalid(child(path, 'successThreshold'), asInt(probe.successThreshold), 'must be 1'));
  return errs;
}

function validateReadinessProbe(probe: unknown, gracePeriod: number | undefined, path: string): FieldError[] {
  if (!isObj(probe)) return [];
  const errs = validateProbe(probe, gracePeriod, path);
  if (isSet(probe.terminationGracePeriodSeconds)) {
    errs.push(
      field.invalid(
        child(path, 'terminationGracePeriodSeconds'),
        probe.terminationGracePeriodSeconds,
        'must not be set for readinessProbes',
      ),
    );
  }
  return errs;
}

function validateLifecycle(lifecycle: Obj, gracePeriod: number | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (isObj(lifecycle.postStart))
    errs.push(...validateHandler(lifecycle.postStart, lifecycleHandlers, gracePeriod, child(path, 'postStart')));
  if (isObj(lifecycle.preStop))
    errs.push(...validateHandler(lifecycle.preStop, lifecycleHandlers, gracePeriod, child(path, 'preStop')));
  return errs;
}

function validatePullPolicy(policy: unknown, path: string): FieldError[] {
  const p = asString(policy);
  if (p === 'Always' || p === 'IfNotPresent' || p === 'Never') return [];
  if (p === '') return [field.required(path)];
  return [field.notSupported(path, p, ['Always', 'IfNotPresent', 'Never'])];
}

function validateResizePolicy(policies: unknown, path: string, podRestartPolicy: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  asArray(policies).forEach((p, i) => {
    const policy = asObj(p);
    const resourceName = asString(policy.resourceName);
    const restartPolicy = asString(policy.restartPolicy);
    if (seen.has(resourceName)) errs.push(field.duplicate(index(path, i), resourceName));
    seen.add(resourceName);
    if (resourceName === '') errs.push(field.required(path));
    else if (resourceName !== 'cpu' && resourceName !== 'memory')
      errs.push(field.notSupported(path, resourceName, ['cpu', 'memory']));
    if (restartPolicy === '') errs.push(field.required(path));
    else if (restartPolicy !== 'NotRequired' && restartPolicy !== 'RestartContainer') {
      errs.push(field.notSupported(path, restartPolicy, ['NotRequired', 'RestartContainer']));
    }
    if (podRestartPolicy === 'Never' && restartPolicy !== 'NotRequired') {
      errs.push(field.invalid(path, restartPolicy, "must be 'NotRequired' when `restartPolicy` is 'Never'"));
    }
  });
  return errs;
}

function validateSeccompProfileField(sp: unknown, path: string): FieldError[] {
  if (!isObj(sp)) return [];
  const errs: FieldError[] = [];
  const type = asString(sp.type);
  const supported = ['Localhost', 'RuntimeDefault', 'Unconfined'];
  if (type === '') errs.push(field.required(child(path, 'type'), 'type is required when seccompProfile is set'));
  else if (!supported.includes(type)) errs.push(field.notSupported(child(path, 'type'), type, supported));
  if (type === 'Localhost') {
    if (!isSet(sp.localhostProfile))
      errs.push(field.required(child(path, 'localhostProfile'), 'must be set when seccomp type is Localhost'));
    else errs.push(...validateLocalDescendingPath(asString(sp.localhostProfile), child(path, 'localhostProfile')));
  } else if (isSet(sp.localhostProfile)) {
    errs.push(
      field.invalid(
        child(path, 'localhostProfile'),
        { type, localhostProfile: sp.localhostProfile },
        'can only be set when seccomp type is Localhost',
      ),
    );
  }
  return errs;
}

function validateAppArmorProfileField(profile: unknown, path: string): FieldError[] {
  if (!isObj(profile)) return [];
  const errs: FieldError[] = [];
  const type = asString(profile.type);
  switch (type) {
    case 'Localhost': {
      if (!isSet(profile.localhostProfile)) {
        errs.push(field.required(child(path, 'localhostProfile'), 'must be set when AppArmor type is Localhost'));
        break;
      }
      const lp = asString(profile.localhostProfile);
      if (lp.trim() !== lp) errs.push(field.invalid(child(path, 'localhostProfile'), lp, 'must not be padded with whitespace'));
      else if (lp === '')
        errs.push(field.required(child(path, 'localhostProfile'), 'must be set when AppArmor type is Localhost'));
      if (lp.length > 4095) errs.push(field.tooLong(child(path, 'localhostProfile'), 4095));
      break;
    }
    case 'RuntimeDefault':
    case 'Unconfined':
      if (isSet(profile.localhostProfile)) {
        errs.push(
          field.invalid(
            child(path, 'localhostProfile'),
            profile.localhostProfile,
            'can only be set when AppArmor type is Localhost',
          ),
        );
      }
      break;
    case '':
      errs.push(field.required(child(path, 'type'), 'type is required when appArmorProfile is set'));
      break;
    default:
      errs.push(field.notSupported(child(path, 'type'), type, ['Localhost', 'RuntimeDefault', 'Unconfined']));
  }
  return errs;
}

function validateSecurityContext(sc: unknown, path: string, hostUsers: boolean): FieldError[] {
  if (!isObj(sc)) return [];
  const errs: FieldError[] = [];
  for (const f of ['runAsUser', 'runAsGroup']) {
    if (isSet(sc[f])) for (const msg of isValidUnixID(asInt(sc[f]))) errs.push(field.invalid(child(path, f), asInt(sc[f]), msg));
  }
  if (isSet(sc.procMount)) {
    const pm = asString(sc.procMount);
    if (pm !== 'Default' && pm !== 'Unmasked')
      errs.push(field.notSupported(child(path, 'procMount'), pm, ['Default', 'Unmasked']));
    // Unmasked needs a user namespace (spec.hostUsers: false; it defaults to true).
    if (hostUsers && pm === 'Unmasked')
      errs.push(field.invalid(child(path, 'procMount'), pm, '`hostUsers` must be false to use `Unmasked`'));
  }
  errs.push(...validateSeccompProfileField(sc.seccompProfile, child(path, 'seccompProfile')));
  if (sc.allowPrivilegeEscalation === false) {
    if (sc.privileged === true)
      errs.push(field.invalid(path, sc, 'cannot set `allowPrivilegeEscalation` to false and `privileged` to true'));
    for (const cap of asArray(asObj(sc.capabilities).add)) {
      if (cap === 'CAP_SYS_ADMIN') {
        errs.push(field.invalid(path, sc, 'cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN'));
      }
    }
  }
  errs.push(...validateAppArmorProfileField(sc.appArmorProfile, child(path, 'appArmorProfile')));
  return errs;
}

/** validateContainerCommon: checks shared by regular, init and ephemeral containers. */
function validateContainerCommon(
  ctr: Obj,
  volumes: Volumes,
  path: string,
  podRestartPolicy: string,
  hostUsers: boolean,
): FieldError[] {
  const errs: FieldError[] = [];
  const name = asString(ctr.name);
  if (name === '') errs.push(field.required(child(path, 'name')));
  else errs.push(...validateDNS1123Label(name, child(path, 'name')));
  if (asString(ctr.image) === '') errs.push(field.required(child(path, 'image')));
  const tmp = asString(ctr.terminationMessagePolicy);
  if (tmp === '') errs.push(field.required(child(path, 'terminationMessagePolicy')));
  else if (tmp !== 'File' && tmp !== 'FallbackToLogsOnError') {
    errs.push(field.notSupported(child(path, 'terminationMessagePolicy'), tmp, ['File', 'FallbackToLogsOnError']));
  }
  errs.push(...validateContainerPorts(ctr.ports, child(path, 'ports')));
  errs.push(...validateEnv(ctr.env, child(path, 'env')));
  errs.push(...validateEnvFrom(ctr.envFrom, child(path, 'envFrom')));
  errs.push(...validateVolumeMounts(ctr.volumeMounts, volumes, ctr, child(path, 'volumeMounts')));
  errs.push(...validatePullPolicy(ctr.imagePullPolicy, child(path, 'imagePullPolicy')));
  errs.push(...validateResourceRequirements(ctr.resources, child(path, 'resources')));
  errs.push(...validateResizePolicy(ctr.resizePolicy, child(path, 'resizePolicy'), podRestartPolicy));
  errs.push(...validateSecurityContext(ctr.securityContext, child(path, 'securityContext'), hostUsers));
  return errs;
}

/** AccumulateUniqueHostPorts over a list of containers. */
function checkHostPortConflicts(containers: Obj[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  containers.forEach((ctr, ci) => {
    asArray(ctr.ports).forEach((p, pi) => {
      const port = asObj(p);
      const hostPort = asInt(port.hostPort);
      if (hostPort === 0) return;
      const str = `${asString(port.protocol)}/${asString(port.hostIP)}/${hostPort}`;
      if (seen.has(str)) errs.push(field.duplicate(child(index(child(index(path, ci), 'ports'), pi), 'hostPort'), str));
      else seen.add(str);
    });
  });
  return errs;
}

function containersOf(list: unknown): Obj[] {
  return asArray(list).map(asObj);
}

function validateContainers(
  list: unknown,
  volumes: Volumes,
  gracePeriod: number | undefined,
  path: string,
  podRestartPolicy: string,
  hostUsers: boolean,
): FieldError[] {
  const containers = containersOf(list);
  if (containers.length === 0) return [field.required(path)];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  containers.forEach((ctr, i) => {
    const p = index(path, i);
    errs.push(...validateContainerCommon(ctr, volumes, p, podRestartPolicy, hostUsers));
    const name = asString(ctr.name);
    if (names.has(name)) errs.push(field.duplicate(child(p, 'name'), name));
    else names.add(name);
    if (isObj(ctr.lifecycle)) errs.push(...validateLifecycle(ctr.lifecycle, gracePeriod, child(p, 'lifecycle')));
    errs.push(...validateLivenessOrStartupProbe(ctr.livenessProbe, gracePeriod, child(p, 'livenessProbe')));
    errs.push(...validateReadinessProbe(ctr.readinessProbe, gracePeriod, child(p, 'readinessProbe')));
    errs.push(...validateLivenessOrStartupProbe(ctr.startupProbe, gracePeriod, child(p, 'startupProbe')));
    if (isSet(ctr.restartPolicy)) errs.push(field.forbidden(child(p, 'restartPolicy'), 'may not be set for non-init containers'));
  });
  errs.push(...checkHostPortConflicts(containers, path));
  return errs;
}

const INIT_FORBIDDEN = 'may not be set for init containers without restartPolicy=Always';

function validateInitContainers(
  list: unknown,
  regular: unknown,
  volumes: Volumes,
  gracePeriod: number | undefined,
  path: string,
  podRestartPolicy: string,
  hostUsers: boolean,
): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set(containersOf(regular).map((c) => asString(c.name)));
  containersOf(list).forEach((ctr, i) => {
    const p = index(path, i);
    errs.push(...validateContainerCommon(ctr, volumes, p, podRestartPolicy, hostUsers));
    let restartAlways = false;
    if (isSet(ctr.restartPolicy)) {
      const rp = asString(ctr.restartPolicy);
      if (rp !== 'Always') errs.push(field.notSupported(child(p, 'restartPolicy'), rp, ['Always']));
      restartAlways = rp === 'Always';
    }
    const name = asString(ctr.name);
    if (names.has(name)) errs.push(field.duplicate(child(p, 'name'), name));
    else if (name.length > 0) names.add(name);
    // Init containers run one by one, so host ports only conflict within one container (and the
    // reported index is the one inside that single-element list: always 0).
    errs.push(...checkHostPortConflicts([ctr], path));
    if (restartAlways) {
      if (isObj(ctr.lifecycle)) errs.push(...validateLifecycle(ctr.lifecycle, gracePeriod, child(p, 'lifecycle')));
      errs.push(...validateLivenessOrStartupProbe(ctr.livenessProbe, gracePeriod, child(p, 'livenessProbe')));
      errs.push(...validateReadinessProbe(ctr.readinessProbe, gracePeriod, child(p, 'readinessProbe')));
      errs.push(...validateLivenessOrStartupProbe(ctr.startupProbe, gracePeriod, child(p, 'startupProbe')));
    } else {
      if (isSet(ctr.lifecycle)) errs.push(field.forbidden(child(p, 'lifecycle'), INIT_FORBIDDEN));
      if (isSet(ctr.livenessProbe)) errs.push(field.forbidden(child(p, 'livenessProbe'), INIT_FORBIDDEN));
      if (isSet(ctr.readinessProbe)) errs.push(field.forbidden(child(p, 'readinessProbe'), INIT_FORBIDDEN));
      if (isSet(ctr.startupProbe)) errs.push(field.forbidden(child(p, 'startupProbe'), INIT_FORBIDDEN));
    }
  });
  return errs;
}

/** Fields an ephemeral container may set (allowedEphemeralContainerFields). */
const ephemeralForbiddenFields = [
  'ports',
  'resources',
  'resizePolicy',
  'restartPolicy',
  'livenessProbe',
  'readinessProbe',
  'startupProbe',
  'lifecycle',
];

function validateEphemeralContainers(
  list: unknown,
  regular: unknown,
  init: unknown,
  volumes: Volumes,
  path: string,
  podRestartPolicy: string,
  hostUsers: boolean,
): FieldError[] {
  const ephemeral = containersOf(list);
  if (ephemeral.length === 0) return [];
  const errs: FieldError[] = [];
  const other = new Set([...containersOf(regular), ...containersOf(init)].map((c) => asString(c.name)));
  const all = new Set(other);
  ephemeral.forEach((ec, i) => {
    const p = index(path, i);
    errs.push(...validateContainerCommon(ec, volumes, p, podRestartPolicy, hostUsers));
    errs.push(...validateContainerOnlyForPod(ec, p));
    const name = asString(ec.name);
    if (all.has(name)) errs.push(field.duplicate(child(p, 'name'), name));
    else all.add(name);
    const target = asString(ec.targetContainerName);
    if (target !== '' && !other.has(target)) errs.push(field.notFound(child(p, 'targetContainerName'), target));
    for (const f of ephemeralForbiddenFields) {
      const v = ec[f];
      const empty =
        !isSet(v) || (Array.isArray(v) && v.length === 0) || (f === 'resources' && isObj(v) && Object.keys(v).length === 0);
      if (!empty) errs.push(field.forbidden(child(p, f), 'cannot be set for an Ephemeral Container'));
    }
    asArray(ec.volumeMounts).forEach((vm, j) => {
      const m = asObj(vm);
      if (asString(m.subPath) !== '')
        errs.push(
          field.forbidden(child(index(child(p, 'volumeMounts'), j), 'subPath'), 'cannot be set for an Ephemeral Container'),
        );
      if (asString(m.subPathExpr) !== '') {
        errs.push(
          field.forbidden(child(index(child(p, 'volumeMounts'), j), 'subPathExpr'), 'cannot be set for an Ephemeral Container'),
        );
      }
    });
  });
  return errs;
}

function validateContainerOnlyForPod(ctr: Obj, path: string): FieldError[] {
  const image = asString(ctr.image);
  return image.length !== image.trim().length
    ? [field.invalid(child(path, 'image'), image, 'must not have leading or trailing whitespace')]
    : [];
}

// ---- volumes ----------------------------------------------------------------------------------

/** The volume source fields in the order validateVolumeSource checks them (and the path it reports). */
const volumeSourceOrder: [string, string][] = [
  ['emptyDir', 'emptyDir'],
  ['hostPath', 'hostPath'],
  ['gitRepo', 'gitRepo'],
  ['gcePersistentDisk', 'gcePersistentDisk'],
  ['awsElasticBlockStore', 'awsElasticBlockStore'],
  ['secret', 'secret'],
  ['nfs', 'nfs'],
  ['iscsi', 'iscsi'],
  ['glusterfs', 'glusterfs'],
  ['flocker', 'flocker'],
  ['persistentVolumeClaim', 'persistentVolumeClaim'],
  ['rbd', 'rbd'],
  ['cinder', 'cinder'],
  ['cephfs', 'cephFS'],
  ['quobyte', 'quobyte'],
  ['downwardAPI', 'downwarAPI'], // sic: upstream's typo in the "more than 1 volume type" path
  ['fc', 'fc'],
  ['flexVolume', 'flexVolume'],
  ['configMap', 'configMap'],
  ['azureFile', 'azureFile'],
  ['vsphereVolume', 'vsphereVolume'],
  ['photonPersistentDisk', 'photonPersistentDisk'],
  ['portworxVolume', 'portworxVolume'],
  ['azureDisk', 'azureDisk'],
  ['storageos', 'storageos'],
  ['projected', 'projected'],
  ['scaleIO', 'scaleIO'],
  ['csi', 'csi'],
  ['ephemeral', 'ephemeral'],
  ['image', 'image'],
];

const supportedHostPathTypes = [
  '',
  'BlockDevice',
  'CharDevice',
  'Directory',
  'DirectoryOrCreate',
  'File',
  'FileOrCreate',
  'Socket',
];

function validateFileMode(mode: unknown, path: string): FieldError[] {
  if (!isSet(mode)) return [];
  const m = asInt(mode);
  return m > 0o777 || m < 0 ? [field.invalid(path, m, FILE_MODE_ERROR_MSG)] : [];
}

function validateKeyToPath(kp: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (asString(kp.key) === '') errs.push(field.required(child(path, 'key')));
  const p = asString(kp.path);
  if (p === '') errs.push(field.required(child(path, 'path')));
  errs.push(...validateLocalNonReservedPath(p, child(path, 'path')));
  errs.push(...validateFileMode(kp.mode, child(path, 'mode')));
  return errs;
}

function validateDownwardAPIVolumeFile(file: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const p = asString(file.path);
  if (p === '') errs.push(field.required(child(path, 'path')));
  errs.push(...validateLocalNonReservedPath(p, child(path, 'path')));
  if (isObj(file.fieldRef)) {
    errs.push(...validateObjectFieldSelector(file.fieldRef, validVolumeDownwardAPIFieldPaths, child(path, 'fieldRef')));
    if (isObj(file.resourceFieldRef))
      errs.push(field.invalid(path, 'resource', 'fieldRef and resourceFieldRef can not be specified simultaneously'));
  } else if (isObj(file.resourceFieldRef)) {
    errs.push(...validateContainerResourceFieldSelector(file.resourceFieldRef, child(path, 'resourceFieldRef'), true));
  } else {
    errs.push(field.required(path, 'one of fieldRef and resourceFieldRef is required'));
  }
  errs.push(...validateFileMode(file.mode, child(path, 'mode')));
  return errs;
}

function validateProjectedVolume(projected: Obj, path: string): FieldError[] {
  const errs = validateFileMode(projected.defaultMode, child(path, 'defaultMode'));
  const allPaths = new Set<string>();
  asArray(projected.sources).forEach((s, i) => {
    const source = asObj(s);
    const srcPath = index(child(path, 'sources'), i);
    let n = 0;
    for (const kind of ['secret', 'configMap'] as const) {
      if (!isObj(source[kind])) continue;
      n++;
      const src = source[kind] as Obj;
      const projPath = child(srcPath, kind);
      if (asString(src.name) === '') errs.push(field.required(child(projPath, 'name')));
      asArray(src.items).forEach((item, j) => {
        const kp = asObj(item);
        errs.push(...validateKeyToPath(kp, index(child(projPath, 'items'), j)));
        const p = asString(kp.path);
        if (p.length > 0) {
          if (allPaths.has(p)) errs.push(field.invalid(path, asString(src.name), 'conflicting duplicate paths'));
          else allPaths.add(p);
        }
      });
    }
    if (isObj(source.downwardAPI)) {
      n++;
      const projPath = child(srcPath, 'downwardAPI');
      for (const item of asArray(source.downwardAPI.items)) {
        const file = asObj(item);
        errs.push(...validateDownwardAPIVolumeFile(file, projPath));
        const p = asString(file.path);
        if (p.length > 0) {
          if (allPaths.has(p)) errs.push(field.invalid(path, p, 'conflicting duplicate paths'));
          else allPaths.add(p);
        }
      }
    }
    if (isObj(source.serviceAccountToken)) {
      n++;
      const token = source.serviceAccountToken;
      const projPath = child(srcPath, 'serviceAccountToken');
      const exp = asInt(token.expirationSeconds);
      if (exp < 600)
        errs.push(field.invalid(child(projPath, 'expirationSeconds'), exp, 'may not specify a duration less than 10 minutes'));
      if (exp > 2 ** 32)
        errs.push(
          field.invalid(child(projPath, 'expirationSeconds'), exp, 'may not specify a duration larger than 2^32 seconds'),
        );
      const p = asString(token.path);
      if (p === '') errs.push(field.required(child(path, 'path')));
      else errs.push(...validateLocalNonReservedPath(p, child(path, 'path')));
    }
    if (isObj(source.clusterTrustBundle)) n++;
    if (n > 1) errs.push(field.forbidden(srcPath, 'may not specify more than 1 volume type per source'));
  });
  return errs;
}

function validateVolumeSourceFields(
  kind: string,
  src: Obj,
  path: string,
  volName: string,
  podName: string | undefined,
): FieldError[] {
  const errs: FieldError[] = [];
  switch (kind) {
    case 'hostPath': {
      const p = asString(src.path);
      if (p === '') return [field.required(child(path, 'path'))];
      errs.push(...validatePathNoBacksteps(p, child(path, 'path')));
      if (isSet(src.type) && !supportedHostPathTypes.includes(asString(src.type))) {
        errs.push(field.notSupported(child(path, 'type'), asString(src.type), supportedHostPathTypes));
      }
      break;
    }
    case 'secret':
      if (asString(src.secretName) === '') errs.push(field.required(child(path, 'secretName')));
      errs.push(...validateFileMode(src.defaultMode, child(path, 'defaultMode')));
      asArray(src.items).forEach((item, i) => errs.push(...validateKeyToPath(asObj(item), index(child(path, 'items'), i))));
      break;
    case 'configMap':
      if (asString(src.name) === '') errs.push(field.required(child(path, 'name')));
      errs.push(...validateFileMode(src.defaultMode, child(path, 'defaultMode')));
      asArray(src.items).forEach((item, i) => errs.push(...validateKeyToPath(asObj(item), index(child(path, 'items'), i))));
      break;
    case 'persistentVolumeClaim':
      if (asString(src.claimName) === '') errs.push(field.required(child(path, 'claimName')));
      break;
    case 'nfs': {
      const p = asString(src.path);
      if (asString(src.server) === '') errs.push(field.required(child(path, 'server')));
      if (p === '') errs.push(field.required(child(path, 'path')));
      if (!isAbsPath(p)) errs.push(field.invalid(child(path, 'path'), p, 'must be an absolute path'));
      break;
    }
    case 'downwardAPI':
      errs.push(...validateFileMode(src.defaultMode, child(path, 'defaultMode')));
      for (const item of asArray(src.items)) errs.push(...validateDownwardAPIVolumeFile(asObj(item), path));
      break;
    case 'projected':
      errs.push(...validateProjectedVolume(src, path));
      break;
    case 'csi':
      if (asString(src.driver) === '') errs.push(field.required(child(path, 'driver')));
      break;
    case 'ephemeral':
      if (podName && volName) {
        const pvcName = `${podName}-${volName}`;
        for (const msg of nameIsDNSSubdomain(pvcName, false))
          errs.push(field.invalid(child(path, 'name'), volName, `PVC name ${JSON.stringify(pvcName)}: ${msg}`));
      }
      break;
    case 'emptyDir':
    default:
      break;
  }
  return errs;
}

function validateVolumeSource(vol: Obj, path: string, podName: string | undefined): FieldError[] {
  const errs: FieldError[] = [];
  let count = 0;
  const volName = asString(vol.name);
  for (const [kind, reportedAs] of volumeSourceOrder) {
    if (!isObj(vol[kind])) continue;
    if (count > 0) {
      errs.push(field.forbidden(child(path, reportedAs), 'may not specify more than 1 volume type'));
      continue;
    }
    count++;
    const srcPath = child(path, kind === 'gcePersistentDisk' ? 'persistentDisk' : kind === 'cephfs' ? 'cephfs' : kind);
    errs.push(...validateVolumeSourceFields(kind, vol[kind] as Obj, srcPath, volName, podName));
  }
  if (count === 0) errs.push(field.required(path, 'must specify a volume type'));
  return errs;
}

/** ValidateVolumes: returns the valid volumes by name (for volumeMounts) and the errors. */
function validateVolumes(list: unknown, path: string, podName: string | undefined): [Volumes, FieldError[]] {
  const errs: FieldError[] = [];
  const volumes: Volumes = new Map();
  const names = new Set<string>();
  const createdPVCs = new Set<string>();
  if (podName)
    for (const v of asArray(list)) if (isObj(asObj(v).ephemeral)) createdPVCs.add(`${podName}-${asString(asObj(v).name)}`);
  asArray(list).forEach((v, i) => {
    const vol = asObj(v);
    const idx = index(path, i);
    const namePath = child(idx, 'name');
    const name = asString(vol.name);
    const el = validateVolumeSource(vol, idx, podName);
    if (name === '') el.push(field.required(namePath));
    else el.push(...validateDNS1123Label(name, namePath));
    if (names.has(name)) el.push(field.duplicate(namePath, name));
    if (el.length === 0) {
      names.add(name);
      volumes.set(name, vol);
    } else {
      errs.push(...el);
    }
    const claim = asString(asObj(vol.persistentVolumeClaim).claimName);
    if (isObj(vol.persistentVolumeClaim) && createdPVCs.has(claim)) {
      errs.push(
        field.invalid(
          child(idx, 'persistentVolumeClaim', 'claimName'),
          claim,
          'must not reference a PVC that gets created for an ephemeral volume',
        ),
      );
    }
  });
  return [volumes, errs];
}

// ---- pod spec ---------------------------------------------------------------------------------

const TOLERATION_EXISTS_WHEN_KEY_EMPTY =
  'operator must be Exists when `key` is empty, which means "match all values and all keys"';

/** validateTaintEffect (shared with node taints). */
export function validateTaintEffect(effect: string, allowEmpty: boolean, path: string): FieldError[] {
  if (!allowEmpty && effect === '') return [field.required(path)];
  if (effect === 'NoSchedule' || effect === 'PreferNoSchedule' || effect === 'NoExecute') return [];
  return [field.notSupported(path, effect, ['NoSchedule', 'PreferNoSchedule', 'NoExecute'])];
}

/** ValidateTolerations. */
export function validateTolerations(tolerations: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  asArray(tolerations).forEach((t, i) => {
    const tol = asObj(t);
    const idx = index(path, i);
    const k = asString(tol.key);
    const operator = asString(tol.operator);
    const value = asString(tol.value);
    const effect = asString(tol.effect);
    if (k.length > 0) errs.push(...validateLabelName(k, child(idx, 'key')));
    if (k.length === 0 && operator !== 'Exists')
      errs.push(field.invalid(child(idx, 'operator'), operator, TOLERATION_EXISTS_WHEN_KEY_EMPTY));
    if (isSet(tol.tolerationSeconds) && effect !== 'NoExecute') {
      errs.push(field.invalid(child(idx, 'effect'), effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    switch (operator) {
      case 'Equal':
      case '': {
        const msgs = isValidLabelValueMsgs(value);
        if (msgs.length > 0) errs.push(field.invalid(child(idx, 'operator'), value, msgs.join(';')));
        break;
      }
      case 'Exists':
        if (value.length > 0)
          errs.push(field.invalid(child(idx, 'operator'), value, "value must be empty when `operator` is 'Exists'"));
        break;
      default:
        errs.push(field.notSupported(child(idx, 'operator'), operator, ['Equal', 'Exists']));
    }
    if (effect.length > 0) errs.push(...validateTaintEffect(effect, true, child(idx, 'effect')));
  });
  return errs;
}

function validateDNSPolicy(policy: unknown, path: string): FieldError[] {
  const p = asString(policy);
  const supported = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];
  if (supported.includes(p)) return [];
  if (p === '') return [field.required(path)];
  return [field.notSupported(path, p, supported)];
}

function validateRestartPolicy(policy: unknown, path: string): FieldError[] {
  const p = asString(policy);
  const supported = ['Always', 'OnFailure', 'Never'];
  if (supported.includes(p)) return [];
  if (p === '') return [field.required(path)];
  return [field.notSupported(path, p, supported)];
}

function validatePodDNSConfig(dnsConfig: unknown, dnsPolicy: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (dnsPolicy === 'None') {
    if (!isObj(dnsConfig)) return [field.required(path, 'must provide `dnsConfig` when `dnsPolicy` is None')];
    if (asArray(dnsConfig.nameservers).length === 0) {
      return [field.required(child(path, 'nameservers'), 'must provide at least one DNS nameserver when `dnsPolicy` is None')];
    }
  }
  if (!isObj(dnsConfig)) return errs;
  const nameservers = asArray(dnsConfig.nameservers).map(asString);
  if (nameservers.length > 3)
    errs.push(field.invalid(child(path, 'nameservers'), nameservers, 'must not have more than 3 nameservers'));
  nameservers.forEach((ns, i) => errs.push(...validateIP(index(child(path, 'nameservers'), i), ns)));
  const searches = asArray(dnsConfig.searches).map(asString);
  if (searches.length > 32)
    errs.push(field.invalid(child(path, 'searches'), searches, 'must not have more than 32 search paths'));
  if (searches.join(' ').length > 2048) {
    errs.push(
      field.invalid(
        child(path, 'searches'),
        searches,
        'must not have more than 2048 characters (including spaces) in the search list',
      ),
    );
  }
  searches.forEach((s, i) => {
    // RelaxedDNSSearchValidation (GA): "." alone is allowed, underscores are allowed.
    if (s === '.') return;
    const trimmed = s.endsWith('.') ? s.slice(0, -1) : s;
    errs.push(...validateDNS1123SubdomainWithUnderscore(trimmed, index(child(path, 'searches'), i)));
  });
  asArray(dnsConfig.options).forEach((o, i) => {
    if (asString(asObj(o).name) === '') errs.push(field.required(index(child(path, 'options'), i), 'must not be empty'));
  });
  return errs;
}

const DNS1123_LABEL_WITH_UNDERSCORE = '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_WITH_UNDERSCORE = `${DNS1123_LABEL_WITH_UNDERSCORE}(\\.${DNS1123_LABEL_WITH_UNDERSCORE})*`;
const subdomainWithUnderscoreRe = new RegExp(`^${DNS1123_SUBDOMAIN_WITH_UNDERSCORE}$`);

function validateDNS1123SubdomainWithUnderscore(value: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (value.length > 253) errs.push(field.invalid(path, value, maxLenError(253)));
  if (!subdomainWithUnderscoreRe.test(value)) {
    errs.push(
      field.invalid(
        path,
        value,
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '" +
          DNS1123_SUBDOMAIN_WITH_UNDERSCORE +
          "')",
      ),
    );
  }
  return errs;
}

function validatePodSecurityContext(sc: unknown, spec: Obj, path: string): FieldError[] {
  if (!isObj(sc)) return [];
  const errs: FieldError[] = [];
  for (const f of ['fsGroup', 'runAsUser', 'runAsGroup']) {
    if (isSet(sc[f])) for (const msg of isValidUnixID(asInt(sc[f]))) errs.push(field.invalid(child(path, f), asInt(sc[f]), msg));
  }
  asArray(sc.supplementalGroups).forEach((g, i) => {
    for (const msg of isValidUnixID(asInt(g)))
      errs.push(field.invalid(index(child(path, 'supplementalGroups'), i), asInt(g), msg));
  });
  if (spec.shareProcessNamespace === true && spec.hostPID === true) {
    errs.push(
      field.invalid(child(path, 'shareProcessNamespace'), true, 'ShareProcessNamespace and HostPID cannot both be enabled'),
    );
  }
  if (isSet(sc.fsGroupChangePolicy)) {
    const p = asString(sc.fsGroupChangePolicy);
    if (p !== 'Always' && p !== 'OnRootMismatch')
      errs.push(field.notSupported(child(path, 'fsGroupChangePolicy'), p, ['Always', 'OnRootMismatch']));
  }
  errs.push(...validateSeccompProfileField(sc.seccompProfile, child(path, 'seccompProfile')));
  errs.push(...validateAppArmorProfileField(sc.appArmorProfile, child(path, 'appArmorProfile')));
  if (isSet(sc.supplementalGroupsPolicy)) {
    const p = asString(sc.supplementalGroupsPolicy);
    if (p !== 'Merge' && p !== 'Strict')
      errs.push(field.notSupported(child(path, 'supplementalGroupsPolicy'), p, ['Merge', 'Strict']));
  }
  if (isSet(sc.seLinuxChangePolicy)) {
    const p = asString(sc.seLinuxChangePolicy);
    if (p !== 'MountOption' && p !== 'Recursive')
      errs.push(field.notSupported(child(path, 'seLinuxChangePolicy'), p, ['MountOption', 'Recursive']));
  }
  return errs;
}

function validateAffinity(affinity: unknown, path: string): FieldError[] {
  if (!isObj(affinity)) return [];
  const errs: FieldError[] = [];
  const nodeName = (n: string) => nameIsDNSSubdomain(n, false);
  if (isObj(affinity.nodeAffinity)) {
    const na = affinity.nodeAffinity;
    const p = child(path, 'nodeAffinity');
    if (isObj(na.requiredDuringSchedulingIgnoredDuringExecution)) {
      errs.push(
        ...validateNodeSelector(
          na.requiredDuringSchedulingIgnoredDuringExecution,
          false,
          child(p, 'requiredDuringSchedulingIgnoredDuringExecution'),
          nodeName,
        ),
      );
    }
    if (asArray(na.preferredDuringSchedulingIgnoredDuringExecution).length > 0) {
      errs.push(
        ...validatePreferredSchedulingTerms(
          na.preferredDuringSchedulingIgnoredDuringExecution,
          child(p, 'preferredDuringSchedulingIgnoredDuringExecution'),
          nodeName,
        ),
      );
    }
  }
  for (const kind of ['podAffinity', 'podAntiAffinity'] as const) {
    if (!isObj(affinity[kind])) continue;
    const pa = affinity[kind] as Obj;
    const p = child(path, kind);
    asArray(pa.requiredDuringSchedulingIgnoredDuringExecution).forEach((term, i) => {
      errs.push(...validatePodAffinityTerm(asObj(term), index(child(p, 'requiredDuringSchedulingIgnoredDuringExecution'), i)));
    });
    asArray(pa.preferredDuringSchedulingIgnoredDuringExecution).forEach((wt, j) => {
      const w = asObj(wt);
      const idx = index(child(p, 'preferredDuringSchedulingIgnoredDuringExecution'), j);
      const weight = asInt(w.weight);
      if (weight <= 0 || weight > 100) errs.push(field.invalid(child(idx, 'weight'), weight, 'must be in the range 1-100'));
      errs.push(...validatePodAffinityTerm(asObj(w.podAffinityTerm), child(idx, 'podAffinityTerm')));
    });
  }
  return errs;
}

function validatePodAffinityTerm(term: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  errs.push(...validateLabelSelector(term.labelSelector, {}, child(path, 'labelSelector')));
  errs.push(...validateLabelSelector(term.namespaceSelector, {}, child(path, 'namespaceSelector')));
  for (const ns of asArray(term.namespaces).map(asString)) {
    for (const msg of nameIsDNSLabelMsgs(ns)) errs.push(field.invalid(child(path, 'namespace'), ns, msg));
  }
  errs.push(...validateMatchLabelKeysAndMismatchLabelKeys(path, term));
  const topologyKey = asString(term.topologyKey);
  if (topologyKey === '') errs.push(field.required(child(path, 'topologyKey'), 'can not be empty'));
  errs.push(...validateLabelName(topologyKey, child(path, 'topologyKey')));
  return errs;
}

function nameIsDNSLabelMsgs(ns: string): string[] {
  return nameIsDNSLabel(ns, false);
}

function selectorKeys(selector: unknown): { matchLabels: string[]; expressions: string[] } {
  const s = asObj(selector);
  return {
    matchLabels: Object.keys(asObj(s.matchLabels)),
    expressions: asArray(s.matchExpressions).map((e) => asString(asObj(e).key)),
  };
}

function validateMatchLabelKeysAndMismatchLabelKeys(path: string, term: Obj): FieldError[] {
  const errs: FieldError[] = [];
  const matchLabelKeys = asArray(term.matchLabelKeys).map(asString);
  const mismatchLabelKeys = asArray(term.mismatchLabelKeys).map(asString);
  const hasSelector = isObj(term.labelSelector);
  for (const [name, keys] of [
    ['matchLabelKeys', matchLabelKeys],
    ['mismatchLabelKeys', mismatchLabelKeys],
  ] as const) {
    if (keys.length === 0) continue;
    if (!hasSelector) {
      errs.push(field.forbidden(child(path, name), 'must not be specified when labelSelector is not set'));
      continue;
    }
    keys.forEach((k, i) => errs.push(...validateLabelName(k, index(child(path, name), i))));
  }
  if (hasSelector) {
    const indexOf = new Map<string, number>();
    matchLabelKeys.forEach((k, i) => indexOf.set(k, i));
    const { matchLabels, expressions } = selectorKeys(term.labelSelector);
    const seen = new Set(matchLabels);
    for (const k of expressions) {
      const i = indexOf.get(k);
      // Upstream reports this at `<term>[i]` (no matchLabelKeys segment).
      if (i !== undefined && seen.has(k))
        errs.push(field.invalid(index(path, i), k, 'exists in both matchLabelKeys and labelSelector'));
      seen.add(k);
    }
  }
  const mismatch = new Set(mismatchLabelKeys);
  matchLabelKeys.forEach((k, i) => {
    if (mismatch.has(k))
      errs.push(field.invalid(index(child(path, 'matchLabelKeys'), i), k, 'exists in both matchLabelKeys and mismatchLabelKeys'));
  });
  return errs;
}

function validateTopologySpreadConstraints(list: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const constraints = asArray(list).map(asObj);
  constraints.forEach((c, i) => {
    const p = index(path, i);
    const maxSkew = asInt(c.maxSkew);
    if (maxSkew <= 0) errs.push(field.invalid(child(p, 'maxSkew'), maxSkew, IS_NOT_POSITIVE_ERROR_MSG));
    const topologyKey = asString(c.topologyKey);
    if (topologyKey === '') errs.push(field.required(child(p, 'topologyKey'), 'can not be empty'));
    const action = asString(c.whenUnsatisfiable);
    if (action !== 'DoNotSchedule' && action !== 'ScheduleAnyway') {
      errs.push(field.notSupported(child(p, 'whenUnsatisfiable'), action, ['DoNotSchedule', 'ScheduleAnyway']));
    }
    if (
      constraints.slice(i + 1).some((r) => asString(r.topologyKey) === topologyKey && asString(r.whenUnsatisfiable) === action)
    ) {
      errs.push(field.duplicate(child(p, '{topologyKey, whenUnsatisfiable}'), `{${topologyKey}, ${action}}`));
    }
    if (isSet(c.minDomains)) {
      const md = asInt(c.minDomains);
      if (md <= 0) errs.push(field.invalid(child(p, 'minDomains'), md, IS_NOT_POSITIVE_ERROR_MSG));
      if (action !== 'DoNotSchedule') {
        errs.push(
          field.invalid(child(p, 'minDomains'), md, `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${action}`),
        );
      }
    }
    for (const f of ['nodeAffinityPolicy', 'nodeTaintsPolicy']) {
      if (isSet(c[f]) && c[f] !== 'Honor' && c[f] !== 'Ignore')
        errs.push(field.notSupported(child(p, f), asString(c[f]), ['Honor', 'Ignore']));
    }
    const matchLabelKeys = asArray(c.matchLabelKeys).map(asString);
    if (matchLabelKeys.length > 0) {
      const mlkPath = child(p, 'matchLabelKeys');
      let selectorKeySet = new Set<string>();
      if (isObj(c.labelSelector)) {
        const { matchLabels, expressions } = selectorKeys(c.labelSelector);
        selectorKeySet = new Set([...matchLabels, ...expressions]);
      } else {
        errs.push(field.forbidden(mlkPath, 'must not be specified when labelSelector is not set'));
      }
      matchLabelKeys.forEach((k, j) => {
        errs.push(...validateLabelName(k, index(mlkPath, j)));
        if (selectorKeySet.has(k))
          errs.push(field.invalid(index(mlkPath, j), k, 'exists in both matchLabelKeys and labelSelector'));
      });
    }
    errs.push(...validateLabelSelector(c.labelSelector, {}, child(p, 'labelSelector')));
  });
  return errs;
}

function validateHostNetworkDeps(spec: Obj, path: string, resourceIsPod: boolean): FieldError[] {
  if (spec.hostNetwork !== true) return [];
  const errs: FieldError[] = [];
  containersOf(spec.containers).forEach((ctr, i) => {
    asArray(ctr.ports).forEach((p, j) => {
      const port = asObj(p);
      const hp = asInt(port.hostPort);
      const cp = asInt(port.containerPort);
      if ((resourceIsPod || hp !== 0) && hp !== cp) {
        errs.push(
          field.invalid(
            child(index(child(index(child(path, 'containers'), i), 'ports'), j), 'hostPort'),
            hp,
            'must match `containerPort` when `hostNetwork` is true',
          ),
        );
      }
    });
  });
  return errs;
}

/**
 * ValidatePodSpec for a pod or a pod template's spec at `path` (`spec`, `spec.template.spec`, ...).
 * Expects a defaulted spec.
 */
export function validatePodSpec(spec: PodSpec | undefined, path = 'spec', opts: PodSpecValidationOptions = {}): FieldError[] {
  const podName = opts.podMeta?.name || undefined;
  return cachedSpecErrors(spec, podName, opts.resourceIsPod === true ? `${path}\u0000pod` : path, () =>
    validatePodSpecUncached(spec, path, opts.resourceIsPod === true, podName),
  );
}

// Pods stamped from one template share one (frozen, defaulted) spec object, and a spec's checks
// depend on nothing else but the pod's name, which only generic ephemeral volumes read (their PVC
// is named `<pod>-<volume>`). So the errors of a frozen spec without such volumes are computed
// once per spec and validation path. Only frozen specs are safe keys: a mutable one could change
// behind the cache's back.
const specErrorsCache = new ObjectKeyMemo<readonly FieldError[]>();

/** Whether a spec's errors can depend on the pod's name (generic ephemeral volumes). */
function readsPodName(s: Obj): boolean {
  for (const v of asArray(s.volumes)) if (isObj(asObj(v).ephemeral)) return true;
  return false;
}

/** `compute()` for `spec`, memoised per frozen spec and `key` when the pod's name cannot matter. */
function cachedSpecErrors(spec: unknown, podName: string | undefined, key: string, compute: () => FieldError[]): FieldError[] {
  if (!isObj(spec) || !Object.isFrozen(spec) || (podName !== undefined && readsPodName(spec))) return compute();
  const hit = specErrorsCache.get(spec, key);
  // A fresh array each time: callers may push to what they get.
  if (hit) return hit.length === 0 ? [] : hit.slice();
  const errs = compute();
  specErrorsCache.set(spec, key, errs.length === 0 ? NO_ERRORS : Object.freeze(errs.slice()));
  return errs;
}

const NO_ERRORS: readonly FieldError[] = Object.freeze([]);

function validatePodSpecUncached(
  spec: PodSpec | undefined,
  path: string,
  resourceIsPod: boolean,
  podName: string | undefined,
): FieldError[] {
  const s: Obj = isObj(spec) ? spec : {};
  const errs: FieldError[] = [];
  if (!isSet(s.terminationGracePeriodSeconds)) errs.push(field.required(child(path, 'terminationGracePeriodSeconds')));
  const gracePeriod = isSet(s.terminationGracePeriodSeconds) ? asInt(s.terminationGracePeriodSeconds) : undefined;
  const restartPolicy = asString(s.restartPolicy);

  const [volumes, volumeErrs] = validateVolumes(s.volumes, child(path, 'volumes'), podName);
  errs.push(...volumeErrs);
  // spec.hostUsers defaults to true (no user namespace).
  const hostUsers = s.hostUsers !== false;
  errs.push(...validateContainers(s.containers, volumes, gracePeriod, child(path, 'containers'), restartPolicy, hostUsers));
  errs.push(
    ...validateInitContainers(
      s.initContainers,
      s.containers,
      volumes,
      gracePeriod,
      child(path, 'initContainers'),
      restartPolicy,
      hostUsers,
    ),
  );
  errs.push(
    ...validateEphemeralContainers(
      s.ephemeralContainers,
      s.containers,
      s.initContainers,
      volumes,
      child(path, 'ephemeralContainers'),
      restartPolicy,
      hostUsers,
    ),
  );
  errs.push(...validateHostNetworkDeps(s, path, resourceIsPod));
  errs.push(...validateRestartPolicy(s.restartPolicy, child(path, 'restartPolicy')));
  errs.push(...validateDNSPolicy(s.dnsPolicy, child(path, 'dnsPolicy')));
  errs.push(...validateLabels(s.nodeSelector, child(path, 'nodeSelector')));
  errs.push(...validatePodSecurityContext(s.securityContext, s, child(path, 'securityContext')));
  errs.push(...validateAffinity(s.affinity, child(path, 'affinity')));
  errs.push(...validatePodDNSConfig(s.dnsConfig, asString(s.dnsPolicy), child(path, 'dnsConfig')));
  asArray(s.readinessGates).forEach((g, i) => {
    errs.push(
      ...validateQualifiedName(asString(asObj(g).conditionType), child(index(child(path, 'readinessGates'), i), 'conditionType')),
    );
  });
  const gates = new Set<string>();
  asArray(s.schedulingGates).forEach((g, i) => {
    const name = asString(asObj(g).name);
    const p = index(child(path, 'schedulingGates'), i);
    errs.push(...validateQualifiedName(name, p));
    if (gates.has(name)) errs.push(field.duplicate(p, name));
    gates.add(name);
  });
  errs.push(...validateTopologySpreadConstraints(s.topologySpreadConstraints, child(path, 'topologySpreadConstraints')));
  const serviceAccountName = asString(s.serviceAccountName);
  if (serviceAccountName.length > 0) {
    for (const msg of nameIsDNSSubdomain(serviceAccountName, false))
      errs.push(field.invalid(child(path, 'serviceAccountName'), serviceAccountName, msg));
  }
  const nodeName = asString(s.nodeName);
  if (nodeName.length > 0)
    for (const msg of nameIsDNSSubdomain(nodeName, false)) errs.push(field.invalid(child(path, 'nodeName'), nodeName, msg));
  if (isSet(s.activeDeadlineSeconds)) {
    const v = asInt(s.activeDeadlineSeconds);
    if (v < 1 || v > MAX_INT32)
      errs.push(field.invalid(child(path, 'activeDeadlineSeconds'), v, inclusiveRangeError(1, MAX_INT32)));
  }
  if (asString(s.hostname).length > 0) errs.push(...validateDNS1123Label(asString(s.hostname), child(path, 'hostname')));
  if (asString(s.subdomain).length > 0) errs.push(...validateDNS1123Label(asString(s.subdomain), child(path, 'subdomain')));
  if (asArray(s.tolerations).length > 0) errs.push(...validateTolerations(s.tolerations, child(path, 'tolerations')));
  asArray(s.hostAliases).forEach((a, i) => {
    const alias = asObj(a);
    const p = index(child(path, 'hostAliases'), i);
    errs.push(...validateIP(child(p, 'ip'), asString(alias.ip)));
    asArray(alias.hostnames).forEach((h, j) =>
      errs.push(...validateDNS1123Subdomain(asString(h), index(child(p, 'hostnames'), j))),
    );
  });
  const priorityClassName = asString(s.priorityClassName);
  if (priorityClassName.length > 0) {
    for (const msg of nameIsDNSSubdomain(priorityClassName, false))
      errs.push(field.invalid(child(path, 'priorityClassName'), priorityClassName, msg));
  }
  if (isSet(s.runtimeClassName)) {
    const rc = asString(s.runtimeClassName);
    for (const msg of nameIsDNSSubdomain(rc, false)) errs.push(field.invalid(child(path, 'runtimeClassName'), rc, msg));
  }
  if (isSet(s.preemptionPolicy)) {
    const pp = asString(s.preemptionPolicy);
    if (pp === '') errs.push(field.required(child(path, 'preemptionPolicy')));
    else if (pp !== 'PreemptLowerPriority' && pp !== 'Never')
      errs.push(field.notSupported(child(path, 'preemptionPolicy'), pp, ['PreemptLowerPriority', 'Never']));
  }
  if (isObj(s.os)) {
    const osName = asString(s.os.name);
    if (osName === '') errs.push(field.required(child(path, 'os', 'name'), 'cannot be empty'));
    else if (osName !== 'linux' && osName !== 'windows')
      errs.push(field.notSupported(child(path, 'os'), osName, ['linux', 'windows']));
  }
  return errs;
}

// ---- pod --------------------------------------------------------------------------------------

/** Pod-specific annotations (ValidatePodSpecificAnnotations). */
function validatePodSpecificAnnotations(annotations: unknown, spec: Obj, path: string): FieldError[] {
  const entries = asStringMap(annotations);
  // Every check below is about some annotation: none, no errors.
  if (entries.length === 0) return [];
  const errs: FieldError[] = [];
  const ann = new Map(entries);
  if (ann.has(MIRROR_POD_ANNOTATION_KEY) && asString(spec.nodeName) === '') {
    errs.push(
      field.invalid(
        key(path, MIRROR_POD_ANNOTATION_KEY),
        ann.get(MIRROR_POD_ANNOTATION_KEY),
        'must set spec.nodeName if mirror pod annotation is set',
      ),
    );
  }
  if (ann.has(POD_DELETION_COST_ANNOTATION_KEY)) {
    const v = ann.get(POD_DELETION_COST_ANNOTATION_KEY) ?? '';
    const validFirst = v.length > 0 && (v[0] === '-' || v === '0' || (v[0] >= '1' && v[0] <= '9'));
    const n = Number(v);
    if (!validFirst || !/^-?[0-9]+$/.test(v) || n < -MAX_INT32 - 1 || n > MAX_INT32) {
      errs.push(field.invalid(key(path, POD_DELETION_COST_ANNOTATION_KEY), v, 'must be a 32bit integer'));
    }
  }
  const seccomp = (k: string, p: string) => {
    if (p === 'runtime/default' || p === 'docker/default' || p === 'unconfined') return;
    if (p.startsWith('localhost/')) {
      errs.push(...validateLocalDescendingPath(p.slice('localhost/'.length), child(path, k)));
      return;
    }
    errs.push(field.invalid(child(path, k), p, 'must be a valid seccomp profile'));
  };
  if (ann.has(SECCOMP_POD_ANNOTATION_KEY)) seccomp(SECCOMP_POD_ANNOTATION_KEY, ann.get(SECCOMP_POD_ANNOTATION_KEY) ?? '');
  for (const [k, v] of ann) if (k.startsWith(SECCOMP_CONTAINER_ANNOTATION_KEY_PREFIX)) seccomp(k, v);
  const allContainers = [
    ...containersOf(spec.containers),
    ...containersOf(spec.initContainers),
    ...containersOf(spec.ephemeralContainers),
  ];
  for (const [k, v] of ann) {
    if (!k.startsWith(APPARMOR_CONTAINER_ANNOTATION_KEY_PREFIX)) continue;
    const containerName = k.slice(APPARMOR_CONTAINER_ANNOTATION_KEY_PREFIX.length);
    if (!allContainers.some((c) => asString(c.name) === containerName))
      errs.push(field.invalid(key(path, k), containerName, 'container not found'));
    if (v !== '' && v !== 'runtime/default' && v !== 'unconfined' && !v.startsWith('localhost/')) {
      errs.push(field.invalid(key(path, k), v, `invalid AppArmor profile name: ${JSON.stringify(v)}`));
    }
  }
  return errs;
}

/** validatePodMetadataAndSpec: shared by create and update. */
function validatePodMetadataAndSpec(pod: KObject): FieldError[] {
  const spec: Obj = isObj(pod.spec) ? pod.spec : {};
  const errs = validateObjectMeta(pod.metadata, { namespaced: true, validateName: nameIsDNSSubdomain });
  errs.push(...validatePodSpecificAnnotations(pod.metadata?.annotations, spec, 'metadata.annotations'));
  const podName = pod.metadata?.name || undefined;
  errs.push(...cachedSpecErrors(spec, podName, POD_SPEC_KEY, () => validatePodSpecOfPod(spec, podName)));
  return errs;
}

/** cachedSpecErrors' key for validatePodSpecOfPod (not a path: a path never contains NUL). */
const POD_SPEC_KEY = '\u0000pod-spec';

/** The spec part of validatePodMetadataAndSpec: ValidatePodSpec and the Pod-only spec checks. */
function validatePodSpecOfPod(spec: Obj, podName: string | undefined): FieldError[] {
  const errs = validatePodSpecUncached(spec as PodSpec, 'spec', true, podName);
  if (asString(spec.serviceAccountName) === '') {
    asArray(spec.volumes).forEach((v, vi) => {
      const projected = asObj(v).projected;
      if (!isObj(projected)) return;
      asArray(projected.sources).forEach((src, si) => {
        if (isObj(asObj(src).serviceAccountToken)) {
          errs.push(
            field.forbidden(
              `spec.volumes[${vi}].projected.sources[${si}].serviceAccountToken`,
              'must not be specified when serviceAccountName is not set',
            ),
          );
        }
      });
    });
  }
  containersOf(spec.containers).forEach((c, i) => errs.push(...validateContainerOnlyForPod(c, `spec.containers[${i}]`)));
  containersOf(spec.initContainers).forEach((c, i) => errs.push(...validateContainerOnlyForPod(c, `spec.initContainers[${i}]`)));
  return errs;
}

/** ValidatePodCreate: what `POST /pods` checks (after defaulting). */
export function validatePod(pod: KObject): FieldError[] {
  const errs = validatePodMetadataAndSpec(pod);
  const spec: Obj = isObj(pod.spec) ? pod.spec : {};
  if (asArray(spec.ephemeralContainers).length > 0)
    errs.push(field.forbidden('spec.ephemeralContainers', 'cannot be set on create'));
  if (asString(spec.nodeName) !== '' && asArray(spec.schedulingGates).length > 0) {
    errs.push(field.forbidden('spec.nodeName', 'cannot be set until all schedulingGates have been cleared'));
  }
  return errs;
}

// ---- update -----------------------------------------------------------------------------------

export const UPDATABLE_POD_SPEC_FIELDS = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

function validateContainerUpdates(newList: unknown, oldList: unknown, path: string): { errs: FieldError[]; stop: boolean } {
  const newC = containersOf(newList);
  const oldC = containersOf(oldList);
  if (newC.length !== oldC.length)
    return { errs: [field.forbidden(path, 'pod updates may not add or remove containers')], stop: true };
  const errs: FieldError[] = [];
  newC.forEach((c, i) => {
    const image = asString(c.image);
    if (image === '') errs.push(field.required(child(index(path, i), 'image')));
    if (image.trim().length !== image.length)
      errs.push(field.invalid(child(index(path, i), 'image'), image, 'must not have leading or trailing whitespace'));
  });
  return { errs, stop: false };
}

/** validateOnlyAddedTolerations: existing tolerations may only change their tolerationSeconds. */
function validateOnlyAddedTolerations(newList: unknown, oldList: unknown, path: string): FieldError[] {
  const newT = asArray(newList).map(asObj);
  for (const old of asArray(oldList).map(asObj)) {
    const found = newT.some((t) => semanticEqual({ ...old, tolerationSeconds: t.tolerationSeconds }, t));
    if (!found) return [field.forbidden(path, 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return validateTolerations(newList, path);
}

function validateOnlyDeletedSchedulingGates(newList: unknown, oldList: unknown, path: string): FieldError[] {
  const newGates = asArray(newList).map((g) => asString(asObj(g).name));
  if (newGates.length === 0) return [];
  const old = new Set(asArray(oldList).map((g) => asString(asObj(g).name)));
  const errs: FieldError[] = [];
  const added = new Map<string, number>();
  newGates.forEach((g, i) => added.set(g, i));
  for (const [gate, i] of added) {
    if (!old.has(gate))
      errs.push(
        field.forbidden(child(index(path, i), 'name'), `only deletion is allowed, but found new scheduling gate '${gate}'`),
      );
  }
  return errs;
}

/** Additions to nodeSelector are allowed on gated pods; changes and removals are not. */
function validateNodeSelectorMutation(path: string, newSel: unknown, oldSel: unknown): FieldError[] {
  const errs: FieldError[] = [];
  const n = new Map(asStringMap(newSel));
  for (const [k, v] of asStringMap(oldSel)) {
    if (!n.has(k)) errs.push(field.forbidden(key(path, k), 'cannot be removed'));
    else if (n.get(k) !== v) errs.push(field.invalid(key(path, k), n.get(k), 'cannot be updated'));
  }
  return errs;
}

/**
 * Go's field names for v1 PodSpec JSON names, for the (approximate) cmp.Diff shown after the
 * "pod updates may not change fields" message.
 */
const goFieldNames: Record<string, string> = {
  dnsPolicy: 'DNSPolicy',
  dnsConfig: 'DNSConfig',
  hostPID: 'HostPID',
  hostIPC: 'HostIPC',
  os: 'OS',
};

function goFieldName(jsonName: string): string {
  return goFieldNames[jsonName] ?? jsonName.charAt(0).toUpperCase() + jsonName.slice(1);
}

function goValue(v: unknown): string {
  if (v === undefined || v === null) return 'nil';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/**
 * An approximation of `cmp.Diff(oldPod.Spec, mungedPodSpec)` at the level of top-level PodSpec
 * fields. The real diff walks into nested structs and (deliberately) randomises its whitespace,
 * so it can never be reproduced byte for byte.
 */
export function podSpecDiff(oldSpec: Obj, newSpec: Obj): string {
  const keys = [...new Set([...Object.keys(oldSpec), ...Object.keys(newSpec)])].filter(
    (k) => isSet(oldSpec[k]) || isSet(newSpec[k]),
  );
  const lines = ['  core.PodSpec{'];
  let identical = 0;
  const flush = () => {
    if (identical > 0) lines.push(`  \t... // ${identical} identical field${identical === 1 ? '' : 's'}`);
    identical = 0;
  };
  for (const k of keys) {
    if (semanticEqual(oldSpec[k], newSpec[k])) {
      identical++;
      continue;
    }
    flush();
    if (isSet(oldSpec[k])) lines.push(`- \t${goFieldName(k)}: ${goValue(oldSpec[k])},`);
    if (isSet(newSpec[k])) lines.push(`+ \t${goFieldName(k)}: ${goValue(newSpec[k])},`);
  }
  flush();
  lines.push('  }');
  return `${lines.join('\n')}\n`;
}

/**
 * Everything a pod update is checked against: the registry's common metadata checks followed by
 * ValidatePodUpdate (metadata update rules, a re-validation of the whole new pod, and the spec
 * immutability rule). Use it alone on update (not together with validatePod).
 */
export function validatePodUpdate(newPod: KObject, oldPod: KObject): FieldError[] {
  const errs = validateCommonUpdateFields(newPod.metadata, oldPod.metadata, true);
  errs.push(...validateObjectMetaUpdate(newPod.metadata, oldPod.metadata));
  errs.push(...validatePodMetadataAndSpec(newPod));
  errs.push(...validatePodSpecificAnnotationUpdates(newPod, oldPod));
  const ns: Obj = isObj(newPod.spec) ? newPod.spec : {};
  const os: Obj = isObj(oldPod.spec) ? oldPod.spec : {};

  let r = validateContainerUpdates(ns.containers, os.containers, 'spec.containers');
  errs.push(...r.errs);
  if (r.stop) return errs;
  r = validateContainerUpdates(ns.initContainers, os.initContainers, 'spec.initContainers');
  errs.push(...r.errs);
  if (r.stop) return errs;

  if (isSet(ns.activeDeadlineSeconds)) {
    const v = asInt(ns.activeDeadlineSeconds);
    if (v < 0 || v > MAX_INT32) {
      errs.push(field.invalid('spec.activeDeadlineSeconds', v, inclusiveRangeError(0, MAX_INT32)));
      return errs;
    }
    if (isSet(os.activeDeadlineSeconds) && asInt(os.activeDeadlineSeconds) < v) {
      errs.push(field.invalid('spec.activeDeadlineSeconds', v, 'must be less than or equal to previous value'));
      return errs;
    }
  } else if (isSet(os.activeDeadlineSeconds)) {
    errs.push(field.invalid('spec.activeDeadlineSeconds', null, 'must not update from a positive integer to nil value'));
  }
  errs.push(...validateOnlyAddedTolerations(ns.tolerations, os.tolerations, 'spec.tolerations'));
  errs.push(...validateOnlyDeletedSchedulingGates(ns.schedulingGates, os.schedulingGates, 'spec.schedulingGates'));
  if (semanticEqual(ns, os)) return errs;

  // Munge the updatable fields back to their old values, then anything left is a forbidden change.
  const munged: Obj = { ...ns };
  const mungeImages = (k: 'containers' | 'initContainers') => {
    if (!Array.isArray(ns[k])) return;
    const old = containersOf(os[k]);
    munged[k] = containersOf(ns[k]).map((c, i) => ({ ...c, image: old[i]?.image }));
  };
  mungeImages('containers');
  mungeImages('initContainers');
  munged.activeDeadlineSeconds = os.activeDeadlineSeconds;
  munged.schedulingGates = os.schedulingGates;
  munged.tolerations = os.tolerations;
  if (
    isSet(os.terminationGracePeriodSeconds) &&
    asInt(os.terminationGracePeriodSeconds) < 0 &&
    asInt(munged.terminationGracePeriodSeconds) === 1
  ) {
    munged.terminationGracePeriodSeconds = os.terminationGracePeriodSeconds;
  }
  if (asArray(os.schedulingGates).length > 0) {
    // Gated pods may gain nodeSelector entries and node affinity terms.
    if (!semanticEqual(munged.nodeSelector, os.nodeSelector)) {
      errs.push(...validateNodeSelectorMutation('spec.nodeSelector', munged.nodeSelector, os.nodeSelector));
      munged.nodeSelector = os.nodeSelector;
    }
    const oldNA = asObj(os.affinity).nodeAffinity;
    const newNA = asObj(munged.affinity).nodeAffinity;
    if (!semanticEqual(oldNA, newNA)) {
      munged.affinity = isObj(munged.affinity) ? { ...munged.affinity, nodeAffinity: oldNA } : { nodeAffinity: oldNA };
    }
  }
  if (!semanticEqual(munged, os)) {
    errs.push(
      field.forbidden(
        'spec',
        `pod updates may not change fields other than ${UPDATABLE_POD_SPEC_FIELDS.join(',')}\n${podSpecDiff(os, munged)}`,
      ),
    );
  }
  return errs;
}

function validatePodSpecificAnnotationUpdates(newPod: KObject, oldPod: KObject): FieldError[] {
  const path = 'metadata.annotations';
  const annotations = newPod.metadata?.annotations;
  const oldAnnotations = oldPod.metadata?.annotations;
  // The same annotations object (every status write): nothing was added, removed or changed.
  const errs = annotations === oldAnnotations ? [] : annotationChangeErrors(annotations, oldAnnotations, path);
  errs.push(...validatePodSpecificAnnotations(annotations, isObj(newPod.spec) ? newPod.spec : {}, path));
  return errs;
}

/** AppArmor and mirror-pod annotations may be neither added, removed nor changed. */
function annotationChangeErrors(annotations: unknown, oldAnnotations: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const n = new Map(asStringMap(annotations));
  const o = new Map(asStringMap(oldAnnotations));
  for (const [k, ov] of o) {
    if (n.has(k) && n.get(k) === ov) continue;
    if (k.startsWith(APPARMOR_CONTAINER_ANNOTATION_KEY_PREFIX))
      errs.push(field.forbidden(key(path, k), 'may not remove or update AppArmor annotations'));
    if (k === MIRROR_POD_ANNOTATION_KEY)
      errs.push(field.forbidden(key(path, k), 'may not remove or update mirror pod annotation'));
  }
  for (const k of n.keys()) {
    if (o.has(k)) continue;
    if (k.startsWith(APPARMOR_CONTAINER_ANNOTATION_KEY_PREFIX))
      errs.push(field.forbidden(key(path, k), 'may not add AppArmor annotations'));
    if (k === MIRROR_POD_ANNOTATION_KEY) errs.push(field.forbidden(key(path, k), 'may not add mirror pod annotation'));
  }
  return errs;
}

// ---- status -----------------------------------------------------------------------------------

function isTerminated(status: Obj): boolean {
  return isObj(asObj(status.state).terminated);
}

function validateContainerStateTransition(
  newList: unknown,
  oldList: unknown,
  path: string,
  restartPolicy: string,
  restartable?: Set<string>,
): FieldError[] {
  if (restartPolicy === 'Always') return [];
  const errs: FieldError[] = [];
  const newStatuses = asArray(newList).map(asObj);
  asArray(oldList)
    .map(asObj)
    .forEach((old, i) => {
      if (!isTerminated(old)) return;
      const exitCode = asInt(asObj(asObj(old.state).terminated).exitCode);
      if (exitCode !== 0 && restartPolicy === 'OnFailure') return;
      if (restartable?.has(asString(old.name))) return;
      for (const s of newStatuses) {
        if (asString(old.name) === asString(s.name) && !isTerminated(s)) {
          errs.push(field.forbidden(child(index(path, i), 'state'), 'may not be transitioned to non-terminated state'));
        }
      }
    });
  return errs;
}

/**
 * The checks below depend on the list alone (and, for hostIPs, on hostIP), and a stored pod's
 * status got there only through them (create resets it): a list equal to the stored one passes
 * again, so most status writes (the IPs do not change after the sandbox starts) skip the parsing.
 */
function validatePodIPs(status: Obj, oldStatus: Obj, field_: 'podIPs' | 'hostIPs'): FieldError[] {
  const list = asArray(status[field_]);
  // No IPs, no errors (every status write before the pod has an IP).
  if (list.length === 0) return [];
  if (deepEqual(status[field_], oldStatus[field_]) && (field_ === 'podIPs' || status.hostIP === oldStatus.hostIP)) return [];
  const path = `status.${field_}`;
  const ips = list.map((x) => asString(asObj(x).ip));
  const errs: FieldError[] = [];
  if (field_ === 'hostIPs' && asString(status.hostIP) !== ips[0]) {
    errs.push(field.invalid(`${path}[0].ip`, ips[0], 'must be equal to `hostIP`'));
  }
  // The item's path is only built for an invalid IP.
  for (let i = 0; i < ips.length; i++) if (!isIPSloppy(ips[i])) errs.push(...validateIP(index(path, i), ips[i]));
  if (ips.length > 1) {
    const families = new Set(ips.map((ip) => (ip.includes(':') ? 6 : 4)));
    const dualStack = ips.length === 2 && families.size === 2;
    const dupes: FieldError[] = [];
    const seen = new Set<string>();
    ips.forEach((ip, i) => {
      if (seen.has(ip)) dupes.push(field.duplicate(index(path, i), { IP: ip }));
      seen.add(ip);
    });
    const invalid =
      !dualStack || ips.length > 2
        ? [
            field.invalid(
              path,
              asArray(status[field_]).map((x) => ({ IP: asString(asObj(x).ip) })),
              'may specify no more than one IP for each IP family',
            ),
          ]
        : [];
    if (field_ === 'podIPs') errs.push(...invalid, ...dupes);
    else errs.push(...dupes, ...invalid);
  }
  return errs;
}

/** Condition types a pod status may carry without being a qualified name check (they are built in). */
const SYSTEM_POD_CONDITIONS: ReadonlySet<string> = new Set(['PodScheduled', 'Ready', 'Initialized']);

/**
 * What a write to `pods/<name>/status` is checked against: the registry's common metadata checks,
 * then ValidatePodStatusUpdate. (The status strategy resets spec changes before validating, so of
 * the spec only a changed nodeName is reported.)
 */
export function validatePodStatusUpdate(newPod: KObject, oldPod: KObject): FieldError[] {
  const errs = validateCommonUpdateFields(newPod.metadata, oldPod.metadata, true);
  errs.push(...validateObjectMetaUpdate(newPod.metadata, oldPod.metadata));
  errs.push(...validatePodSpecificAnnotationUpdates(newPod, oldPod));
  const status = asObj(newPod.status);
  const oldStatus = asObj(oldPod.status);
  asArray(status.conditions).forEach((c, i) => {
    const type = asString(asObj(c).type);
    // Upstream builds this path from "metadata" (sic).
    if (!SYSTEM_POD_CONDITIONS.has(type)) errs.push(...validateQualifiedName(type, `metadata.conditions[${i}].Type`));
  });
  const ns: Obj = asObj(newPod.spec);
  const os: Obj = asObj(oldPod.spec);
  if (asString(ns.nodeName) !== asString(os.nodeName))
    errs.push(field.forbidden('status.nodeName', 'may not be changed directly'));
  const nominated = asString(status.nominatedNodeName);
  if (nominated !== asString(oldStatus.nominatedNodeName) && nominated.length > 0) {
    for (const msg of nameIsDNSSubdomain(nominated, false)) errs.push(field.invalid('status.nominatedNodeName', nominated, msg));
  }
  errs.push(...validateImmutableField(asString(status.qosClass), asString(oldStatus.qosClass), 'status.qosClass'));
  const restartPolicy = asString(os.restartPolicy);
  errs.push(
    ...validateContainerStateTransition(
      status.containerStatuses,
      oldStatus.containerStatuses,
      'status.containerStatuses',
      restartPolicy,
    ),
  );
  const restartableInit = new Set(
    containersOf(os.initContainers)
      .filter((c) => c.restartPolicy === 'Always')
      .map((c) => asString(c.name)),
  );
  errs.push(
    ...validateContainerStateTransition(
      status.initContainerStatuses,
      oldStatus.initContainerStatuses,
      'status.initContainerStatuses',
      restartPolicy,
      restartableInit,
    ),
  );
  errs.push(
    ...validateContainerStateTransition(
      status.ephemeralContainerStatuses,
      oldStatus.ephemeralContainerStatuses,
      'status.ephemeralContainerStatuses',
      'Never',
    ),
  );
  errs.push(...validatePodIPs(status, oldStatus, 'podIPs'));
  errs.push(...validatePodIPs(status, oldStatus, 'hostIPs'));
  return errs;
}
