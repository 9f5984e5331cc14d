// Claims on the graph: the PersistentVolumeClaims a pod mounts (a small marker on its chip, a tag
// in the Pending lane — an unbound claim is often why a pod waits) and a StatefulSet's members in
// ordinal order, each with its claims, including the claims kept after a scale-down (the
// controller never deletes them under the default persistentVolumeClaimRetentionPolicy).

import type { KObject } from '../../k8s/types';
import type { ObjectKey } from '../../protocol/messages';
import type { PodTone, PodView } from './model';
import { statefulSetOrdinal } from './statefulset-view';

export interface ClaimMark {
  name: string;
  /** status.phase (Pending, Bound, Lost), or `not found` when the claim does not exist. */
  phase: string;
  tone: 'ok' | 'warn' | 'bad';
}

/** PersistentVolumeClaims by `namespace/name`. */
export type ClaimIndex = ReadonlyMap<string, KObject>;

export function claimIndex(objects: readonly KObject[]): Map<string, KObject> {
  const out = new Map<string, KObject>();
  for (const o of objects) {
    if (o.kind === 'PersistentVolumeClaim') out.set(`${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`, o);
  }
  return out;
}

export function claimMark(namespace: string, name: string, claims: ClaimIndex): ClaimMark {
  const pvc = claims.get(`${namespace}/${name}`);
  if (!pvc) return { name, phase: 'not found', tone: 'bad' };
  const phase: string = pvc.status?.phase ?? 'Pending';
  return { name, phase, tone: phase === 'Bound' ? 'ok' : phase === 'Lost' ? 'bad' : 'warn' };
}

/** The claim names per pod object: the graph asks for every pod at every publication. */
const claimNamesCache = new WeakMap<KObject, readonly string[]>();

/**
 * The claims a pod's volumes name, in volume order: persistentVolumeClaim.claimName, and the
 * `<pod>-<volume>` claim of a generic ephemeral volume.
 */
export function podClaimNames(pod: KObject): readonly string[] {
  const hit = claimNamesCache.get(pod);
  if (hit) return hit;
  const out: string[] = [];
  for (const v of (pod.spec?.volumes ?? []) as {
    name?: string;
    persistentVolumeClaim?: { claimName?: string };
    ephemeral?: unknown;
  }[]) {
    if (v.persistentVolumeClaim?.claimName) out.push(v.persistentVolumeClaim.claimName);
    else if (v.ephemeral && v.name) out.push(`${pod.metadata.name ?? ''}-${v.name}`);
  }
  claimNamesCache.set(pod, out);
  return out;
}

/** `data-web-0 Pending`, for titles and descriptions. */
export function claimText(claims: readonly ClaimMark[]): string {
  return claims.map((c) => `PVC ${c.name} ${c.phase}`).join(', ');
}

/** The claim that holds the pod back, if any: the first not Bound. */
export function waitingClaim(claims: readonly ClaimMark[] | undefined): ClaimMark | undefined {
  return claims?.find((c) => c.phase !== 'Bound');
}

// ---- StatefulSet members ---------------------------------------------------------------------

export interface OrdinalMember {
  ordinal: number;
  /** `<set>-<ordinal>`. */
  name: string;
  /** The pod's key, or null when no pod has this ordinal (not created yet, or scaled away). */
  podKey: ObjectKey | null;
  status: string;
  tone: PodTone | 'absent';
  /** Within spec.replicas (from ordinals.start). */
  desired: boolean;
  claims: ClaimMark[];
}

/** How many members a card draws; beyond, it says how many more. */
export const MEMBERS_MAX = 6;

/**
 * The set's members in ordinal order: every desired ordinal, every ordinal a pod still has
 * (scale-down under way) and every ordinal a template's claim is kept for.
 */
export function statefulSetMembers(sts: KObject, pods: readonly PodView[], claims: ClaimIndex): OrdinalMember[] {
  const namespace = sts.metadata.namespace ?? '';
  const name = sts.metadata.name ?? '';
  const start: number = sts.spec?.ordinals?.start ?? 0;
  const replicas: number = typeof sts.spec?.replicas === 'number' ? sts.spec.replicas : 1;
  const templates = ((sts.spec?.volumeClaimTemplates ?? []) as KObject[]).map((t) => t.metadata?.name ?? '').filter(Boolean);
  const ordinals = new Set<number>();
  for (let o = start; o < start + replicas; o++) ordinals.add(o);
  const podByOrdinal = new Map<number, PodView>();
  for (const p of pods) {
    const o = statefulSetOrdinal(p.name, name);
    if (o === undefined) continue;
    podByOrdinal.set(o, p);
    ordinals.add(o);
  }
  if (templates.length) {
    for (const key of claims.keys()) {
      if (!key.startsWith(`${namespace}/`)) continue;
      const claimName = key.slice(namespace.length + 1);
      for (const t of templates) {
        const o = statefulSetOrdinal(claimName, `${t}-${name}`);
        if (o !== undefined) ordinals.add(o);
      }
    }
  }
  return [...ordinals]
    .sort((a, b) => a - b)
    .map((ordinal) => {
      const pod = podByOrdinal.get(ordinal);
      return {
        ordinal,
        name: `${name}-${ordinal}`,
        podKey: pod?.key ?? null,
        status: pod?.status ?? '',
        tone: pod?.tone ?? 'absent',
        desired: ordinal >= start && ordinal < start + replicas,
        claims: templates
          .map((t) => `${t}-${name}-${ordinal}`)
          .filter((c) => pod || claims.has(`${namespace}/${c}`))
          .map((c) => claimMark(namespace, c, claims)),
      };
    });
}

/** One member as a line of a title: `web-0 Running · PVC www-web-0 Bound`. */
export function memberText(m: OrdinalMember): string {
  const pod = m.podKey
    ? `${m.name} ${m.status || 'Pending'}`
    : `${m.name} ${m.desired ? 'not created yet' : 'no pod (scaled down)'}`;
  return m.claims.length ? `${pod} · ${claimText(m.claims)}` : pod;
}
