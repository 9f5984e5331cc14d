// summary: what the inspector's header and Summary tab say about an object — its status as
// kubectl would print it (shared helpers in src/k8s) and a few fields per kind — and the YAML view.

import { stringify } from 'yaml';
import { humanDuration } from '../../k8s/duration';
import { nodeStatus } from '../../k8s/node-status';
import { podPrintSummary } from '../../k8s/pod-status';
import type { KObject } from '../../k8s/types';
import { ZONE_LABEL } from '../state/selectors';
import { configRows } from './summary-config';

export type Tone = 'ok' | 'warn' | 'bad' | 'unknown';

export interface StatusSummary {
  text: string;
  tone: Tone;
}

const BAD_POD = /CrashLoopBackOff|Error|ImagePullBackOff|ErrImagePull|OOMKilled|Failed|Evicted|ContainerStatusUnknown|Unknown/;
const WARN_POD = /Pending|ContainerCreating|PodInitializing|Init:|Terminating|NotReady|SchedulingGated/;

/** The pod's STATUS tone in the vision's colours. */
export function podTone(status: string, ready: string): Tone {
  if (BAD_POD.test(status)) return 'bad';
  if (WARN_POD.test(status)) return 'warn';
  if (status === 'Completed' || status === 'Succeeded') return 'unknown';
  if (status === 'Running') {
    const [r, t] = ready.split('/');
    return r === t ? 'ok' : 'warn';
  }
  return 'unknown';
}

export function statusSummary(obj: KObject): StatusSummary {
  switch (obj.kind) {
    case 'Node': {
      const text = nodeStatus(obj);
      return { text, tone: text.startsWith('Ready') ? (text.includes('SchedulingDisabled') ? 'warn' : 'ok') : 'bad' };
    }
    case 'Pod': {
      const s = podPrintSummary(obj);
      const status = obj.metadata.deletionTimestamp ? 'Terminating' : s.status;
      return {
        text: `${status} · ${s.ready} ready${s.restarts ? ` · ${s.restarts} restarts` : ''}`,
        tone: podTone(status, s.ready),
      };
    }
    case 'Deployment':
    case 'ReplicaSet':
    case 'StatefulSet': {
      const want = obj.spec?.replicas ?? 1;
      const ready = obj.status?.readyReplicas ?? 0;
      const paused = obj.spec?.paused ? ' · paused' : '';
      return { text: `${ready}/${want} ready${paused}`, tone: ready === want ? 'ok' : 'warn' };
    }
    case 'Event': {
      const type = (obj as { type?: string }).type ?? '';
      return {
        text: `${type} ${(obj as { reason?: string }).reason ?? ''}`.trim(),
        tone: type === 'Warning' ? 'warn' : 'unknown',
      };
    }
    default: {
      const phase = obj.status?.phase as string | undefined;
      return { text: phase ?? '', tone: phase === 'Active' || phase === 'Bound' ? 'ok' : 'unknown' };
    }
  }
}

export type SummaryRow = [label: string, value: string];

type Cond = { type: string; status: string; reason?: string };

const conditionsText = (obj: KObject, skip: (c: Cond) => boolean = () => false) =>
  ((obj.status?.conditions ?? []) as Cond[])
    .filter((c) => !skip(c))
    .map((c) => `${c.type}=${c.status}${c.reason ? ` (${c.reason})` : ''}`)
    .join(', ');

/** GetAccessModesAsString: RWO, ROX, RWX, RWOP, as kubectl's ACCESS MODES column prints them. */
function accessModes(modes: unknown): string {
  const list = Array.isArray(modes) ? modes : [];
  const short: [string, string][] = [
    ['ReadWriteOnce', 'RWO'],
    ['ReadOnlyMany', 'ROX'],
    ['ReadWriteMany', 'RWX'],
    ['ReadWriteOncePod', 'RWOP'],
  ];
  return short
    .filter(([m]) => list.includes(m))
    .map(([, s]) => s)
    .join(',');
}

/**
 * A handful of label → value rows per kind. `claimPhases`: the phase of each claim of the pod's
 * namespace by name (a Pod lists its claims beside their status, `<missing>` for an absent one).
 */
export function summaryRows(
  obj: KObject,
  nowMs: number,
  podsOnNode?: number,
  claimPhases?: ReadonlyMap<string, string>,
): SummaryRow[] {
  const rows: SummaryRow[] = [];
  if (obj.metadata.namespace) rows.push(['Namespace', obj.metadata.namespace]);
  const created = obj.metadata.creationTimestamp ? Date.parse(obj.metadata.creationTimestamp) : Number.NaN;
  if (!Number.isNaN(created)) rows.push(['Age', humanDuration(nowMs - created)]);
  switch (obj.kind) {
    case 'Node': {
      rows.push(['Zone', obj.metadata.labels?.[ZONE_LABEL] ?? '<none>']);
      if (podsOnNode !== undefined) rows.push(['Pods', String(podsOnNode)]);
      const taints = ((obj.spec?.taints ?? []) as { key: string; value?: string; effect: string }[]).map(
        (t) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`,
      );
      rows.push(['Taints', taints.length ? taints.join(', ') : '<none>']);
      rows.push(['Conditions', conditionsText(obj, (c) => c.type !== 'Ready' && c.status === 'False') || '<none>']);
      const alloc = obj.status?.allocatable as Record<string, string> | undefined;
      if (alloc) rows.push(['Allocatable', `cpu ${alloc.cpu ?? '?'}, memory ${alloc.memory ?? '?'}, pods ${alloc.pods ?? '?'}`]);
      break;
    }
    case 'Pod': {
      const s = podPrintSummary(obj);
      rows.push(['Status', s.status], ['Ready', s.ready], ['Restarts', String(s.restarts)]);
      rows.push(['Node', obj.spec?.nodeName ?? '<none>']);
      if (obj.status?.podIP) rows.push(['IP', obj.status.podIP]);
      const owner = obj.metadata.ownerReferences?.[0];
      if (owner) rows.push(['Controlled by', `${owner.kind}/${owner.name}`]);
      rows.push(['Images', ((obj.spec?.containers ?? []) as { image?: string }[]).map((c) => c.image ?? '').join(', ')]);
      const claims = ((obj.spec?.volumes ?? []) as { persistentVolumeClaim?: { claimName?: string } }[])
        .map((v) => v.persistentVolumeClaim?.claimName)
        .filter((n): n is string => typeof n === 'string');
      if (claims.length) rows.push(['Claims', claims.map((n) => `${n} (${claimPhases?.get(n) ?? '<missing>'})`).join(', ')]);
      break;
    }
    case 'PersistentVolumeClaim': {
      const bound = !!obj.spec?.volumeName;
      rows.push(['Status', obj.metadata.deletionTimestamp ? 'Terminating' : String(obj.status?.phase ?? '')]);
      rows.push(['StorageClass', String(obj.spec?.storageClassName ?? '<none>')]);
      rows.push(['Volume', bound ? String(obj.spec.volumeName) : '<none>']);
      rows.push(['Requested', String(obj.spec?.resources?.requests?.storage ?? '')]);
      if (bound) rows.push(['Capacity', `${obj.status?.capacity?.storage ?? ''} ${accessModes(obj.status?.accessModes)}`.trim()]);
      break;
    }
    case 'PersistentVolume': {
      const ref = obj.spec?.claimRef;
      rows.push(['Status', obj.metadata.deletionTimestamp ? 'Terminating' : String(obj.status?.phase ?? '')]);
      rows.push(['Claim', ref ? `${ref.namespace}/${ref.name}` : '<none>']);
      rows.push(['Capacity', `${obj.spec?.capacity?.storage ?? ''} ${accessModes(obj.spec?.accessModes)}`.trim()]);
      rows.push(['Reclaim policy', String(obj.spec?.persistentVolumeReclaimPolicy ?? '')]);
      const node = obj.spec?.nodeAffinity?.required?.nodeSelectorTerms?.[0]?.matchExpressions?.find(
        (e: { key?: string }) => e.key === 'kubernetes.io/hostname',
      );
      if (node?.values?.length) rows.push(['Node', node.values.join(', ')]);
      break;
    }
    case 'Deployment':
    case 'ReplicaSet': {
      const st = obj.status ?? {};
      rows.push([
        'Replicas',
        `${obj.spec?.replicas ?? 1} desired · ${st.updatedReplicas ?? 0} updated · ${st.readyReplicas ?? 0} ready · ${st.availableReplicas ?? 0} available`,
      ]);
      if (obj.kind === 'Deployment') rows.push(['Strategy', obj.spec?.strategy?.type ?? 'RollingUpdate']);
      rows.push([
        'Images',
        ((obj.spec?.template?.spec?.containers ?? []) as { image?: string }[]).map((c) => c.image ?? '').join(', '),
      ]);
      const cond = conditionsText(obj);
      if (cond) rows.push(['Conditions', cond]);
      break;
    }
    default: {
      const cond = conditionsText(obj);
      if (cond) rows.push(['Conditions', cond]);
    }
  }
  rows.push(...configRows(obj));
  const labels = Object.entries(obj.metadata.labels ?? {}).map(([k, v]) => `${k}=${v}`);
  if (labels.length) rows.push(['Labels', labels.join(', ')]);
  return rows;
}

/** The object as YAML, without metadata.managedFields (noise for a reader). */
export function objectYaml(obj: KObject): string {
  const { managedFields: _managed, ...metadata } = obj.metadata as KObject['metadata'] & { managedFields?: unknown };
  return stringify({ ...obj, metadata }, { lineWidth: 0 });
}
