// Which PersistentVolumeClaims a pod uses, and the pod informer index that answers the reverse
// question (the pods using a claim) without listing the namespace: the PVC protection controller
// asks it for every claim being deleted, the scheduler for ReadWriteOncePod claims.

import type { KObject } from '../../../k8s/types';
import type { Informer } from '../../runtime/informer';

export const PODS_BY_CLAIM_INDEX = 'pvcName';

/** The claim names of a pod's persistentVolumeClaim volumes (ephemeral volumes name `<pod>-<volume>`). */
export function podClaimNames(pod: KObject): string[] {
  const out: string[] = [];
  for (const v of (pod.spec?.volumes ?? []) as any[]) {
    if (typeof v?.persistentVolumeClaim?.claimName === 'string') out.push(v.persistentVolumeClaim.claimName);
    else if (v?.ephemeral && typeof v.name === 'string') out.push(`${pod.metadata.name}-${v.name}`);
  }
  return out;
}

/** Index values: `namespace/claimName` for each claim the pod uses. */
export function podsByClaimIndex(pod: KObject): readonly string[] {
  const names = podClaimNames(pod);
  if (names.length === 0) return names;
  return names.map((n) => `${pod.metadata.namespace ?? ''}/${n}`);
}

/** Adds the index to the shared pod informer once (several components ask for it). */
export function ensurePodsByClaimIndex(pods: Informer): Informer {
  if (!pods.hasIndex(PODS_BY_CLAIM_INDEX)) pods.addIndex(PODS_BY_CLAIM_INDEX, podsByClaimIndex);
  return pods;
}

/** The pods using a claim. */
export function podsUsingClaim(pods: Informer, namespace: string, claimName: string): KObject[] {
  return ensurePodsByClaimIndex(pods).byIndex(PODS_BY_CLAIM_INDEX, `${namespace}/${claimName}`);
}
