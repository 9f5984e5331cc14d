// ServiceAccount admission (plugin/pkg/admission/serviceaccount), mutating, on pod CREATE:
//  - an empty serviceAccountName becomes `default` (the deprecated `serviceAccount` field mirrors
//    it, as the v1 conversion writes both);
//  - the ServiceAccount must exist: otherwise 403 `error looking up service account <ns>/<name>:
//    serviceaccount "<name>" not found`;
//  - unless automountServiceAccountToken is false (the pod's choice first, then the account's),
//    every init and app container that has nothing mounted at
//    /var/run/secrets/kubernetes.io/serviceaccount gets the projected `kube-api-access-<5 random>`
//    volume there, read-only: a bound token (expirationSeconds 3607), the cluster CA from the
//    kube-root-ca.crt ConfigMap, and the namespace from the downward API — exactly the volume
//    `kubectl get pod -o yaml` shows on a real cluster. The suffix comes from the API server's
//    seeded generator.
//
// Difference: upstream retries the lookup of a missing `default` account for up to ~1.5 s while
// the serviceaccount controller creates it in a new namespace; here a missing `default` in a
// namespace that exists is taken as that account about to exist (it automounts by default).

import type { KObject } from '../../../k8s/types';
import { generateNameFor } from '../../../k8s/names';
import type { AdmissionPlugin } from '../admission';
import type { ApiServer } from '../apiserver';
import { deepFreeze } from '../deep';
import { errors } from '../errors';
import { namespaceKind, podKind, serviceAccountKind } from '../kinds';
import { VOLUME_SOURCE_DEFAULT_MODE } from '../defaulting/pod';

export const DEFAULT_SERVICE_ACCOUNT = 'default';
export const SERVICE_ACCOUNT_VOLUME_PREFIX = 'kube-api-access-';
export const DEFAULT_API_TOKEN_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';
/** serviceaccount.WarnOnlyBoundTokenExpirationSeconds: 1 h + 7 s, so the token is recognisable. */
export const KUBE_API_ACCESS_EXPIRATION_SECONDS = 3607;
export const ROOT_CA_CONFIG_MAP = 'kube-root-ca.crt';
export const ROOT_CA_KEY = 'ca.crt';

/** TokenVolumeSource: the projected source of every kube-api-access volume. */
export function tokenVolumeSource(): Record<string, unknown> {
  // The same for every pod: one frozen object that every pod's volume shares (stored objects are
  // immutable) instead of a dozen small objects per pod. Built on first use, after the modules
  // whose constants it reads.
  return (tokenVolume ??= deepFreeze({
    defaultMode: VOLUME_SOURCE_DEFAULT_MODE,
    sources: [
      { serviceAccountToken: { expirationSeconds: KUBE_API_ACCESS_EXPIRATION_SECONDS, path: 'token' } },
      { configMap: { name: ROOT_CA_CONFIG_MAP, items: [{ key: ROOT_CA_KEY, path: ROOT_CA_KEY }] } },
      { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
    ],
  }));
}

let tokenVolume: Record<string, unknown> | undefined;

function shouldAutomount(sa: KObject | undefined, spec: any): boolean {
  if (typeof spec.automountServiceAccountToken === 'boolean') return spec.automountServiceAccountToken;
  if (typeof sa?.automountServiceAccountToken === 'boolean') return sa.automountServiceAccountToken;
  return true;
}

/** mountServiceAccountToken: the volume (reused if the pod already has one) and its mounts. */
function withTokenVolume(spec: any, volumeName: () => string): any {
  const volumes: any[] = Array.isArray(spec.volumes) ? spec.volumes : [];
  const existing = volumes.find((v) => typeof v?.name === 'string' && v.name.startsWith(SERVICE_ACCOUNT_VOLUME_PREFIX));
  const name: string = existing?.name ?? volumeName();
  const mount = { name, readOnly: true, mountPath: DEFAULT_API_TOKEN_MOUNT_PATH };
  let needed = false;
  const addMounts = (containers: unknown) =>
    Array.isArray(containers)
      ? containers.map((c: any) => {
          const mounts: any[] = Array.isArray(c?.volumeMounts) ? c.volumeMounts : [];
          if (mounts.some((m) => m?.mountPath === DEFAULT_API_TOKEN_MOUNT_PATH)) return c;
          needed = true;
          return { ...c, volumeMounts: [...mounts, mount] };
        })
      : containers;
  const out = { ...spec };
  if (spec.initContainers !== undefined) out.initContainers = addMounts(spec.initContainers);
  if (spec.containers !== undefined) out.containers = addMounts(spec.containers);
  if (!existing && needed) out.volumes = [...volumes, { name, projected: tokenVolumeSource() }];
  return needed || existing ? out : spec;
}

export function serviceAccountAdmission(api: ApiServer): AdmissionPlugin {
  return {
    name: 'ServiceAccount',
    admit(request) {
      if (request.kind !== podKind || request.subresource || request.operation !== 'CREATE' || !request.object) return undefined;
      const pod = request.object;
      // Mirror pods (static pods) are left as the kubelet wrote them.
      if (pod.metadata.annotations?.['kubernetes.io/config.mirror'] !== undefined) return undefined;
      const spec: any = pod.spec ?? {};
      const name: string = spec.serviceAccountName || spec.serviceAccount || DEFAULT_SERVICE_ACCOUNT;
      const ns = request.namespace;
      const sa = api.tryGet(serviceAccountKind, ns, name);
      const aboutToExist = !sa && name === DEFAULT_SERVICE_ACCOUNT && !!api.tryGet(namespaceKind, undefined, ns);
      if (!sa && !aboutToExist) {
        throw errors.forbidden(
          { group: '', resource: 'pods' },
          pod.metadata.name ?? '',
          `error looking up service account ${ns}/${name}: serviceaccount "${name}" not found`,
        );
      }
      let next: any = { ...spec, serviceAccountName: name, serviceAccount: name };
      if (shouldAutomount(sa, spec)) {
        next = withTokenVolume(next, () =>
          generateNameFor(SERVICE_ACCOUNT_VOLUME_PREFIX, (a, n) => api.volumeNameRandom.string(a, n)),
        );
      }
      // imagePullSecrets of the account are copied when the pod names none.
      const pullSecrets = sa?.imagePullSecrets;
      if (
        (!Array.isArray(spec.imagePullSecrets) || spec.imagePullSecrets.length === 0) &&
        Array.isArray(pullSecrets) &&
        pullSecrets.length > 0
      ) {
        next.imagePullSecrets = pullSecrets.map((s: any) => ({ name: s?.name }));
      }
      return { ...pod, spec: next };
    },
  };
}
