// summary-config: the inspector's Summary rows for configuration — a ConfigMap's keys, a Secret's
// type and keys with their sizes (values stay hidden, as `kubectl describe secret` hides them), a
// ServiceAccount's token automount, and which ConfigMaps / Secrets a pod uses and how (env, files).

import type { KObject } from '../../k8s/types';
import type { SummaryRow } from './summary';

const keysOf = (m: unknown): string[] => (m && typeof m === 'object' ? Object.keys(m).sort() : []);

/** Bytes a base64 value decodes to (padding-aware). */
function decodedSize(value: unknown): number {
  const text = typeof value === 'string' ? value.replace(/\s/g, '') : '';
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((text.length * 3) / 4) - padding);
}

export function configRows(obj: KObject): SummaryRow[] {
  const rows: SummaryRow[] = [];
  switch (obj.kind) {
    case 'ConfigMap': {
      const keys = [...keysOf(obj.data), ...keysOf(obj.binaryData).map((k) => `${k} (binary)`)];
      rows.push(['Keys', keys.length ? keys.join(', ') : '<none>']);
      if (obj.immutable === true) rows.push(['Immutable', 'true']);
      break;
    }
    case 'Secret': {
      rows.push(['Type', typeof obj.type === 'string' ? obj.type : 'Opaque']);
      const keys = keysOf(obj.data).map((k) => `${k} (${decodedSize((obj.data as Record<string, unknown>)[k])} bytes)`);
      rows.push(['Keys', keys.length ? keys.join(', ') : '<none>']);
      if (obj.immutable === true) rows.push(['Immutable', 'true']);
      break;
    }
    case 'ServiceAccount':
      rows.push(['Automount token', obj.automountServiceAccountToken === false ? 'false' : 'true']);
      break;
    case 'Pod':
      rows.push(...podConfigRows(obj));
      break;
  }
  return rows;
}

/** The ConfigMaps and Secrets a pod references, each with how: env, envFrom, volume. */
export function podConfigRows(pod: KObject): SummaryRow[] {
  const uses = { ConfigMaps: new Map<string, Set<string>>(), Secrets: new Map<string, Set<string>>() };
  const note = (kind: keyof typeof uses, name: unknown, how: string) => {
    if (typeof name !== 'string' || name === '') return;
    let set = uses[kind].get(name);
    if (!set) uses[kind].set(name, (set = new Set()));
    set.add(how);
  };
  const spec = pod.spec ?? {};
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])] as any[]) {
    for (const e of (c?.env ?? []) as any[]) {
      note('ConfigMaps', e?.valueFrom?.configMapKeyRef?.name, 'env');
      note('Secrets', e?.valueFrom?.secretKeyRef?.name, 'env');
    }
    for (const f of (c?.envFrom ?? []) as any[]) {
      note('ConfigMaps', f?.configMapRef?.name, 'env');
      note('Secrets', f?.secretRef?.name, 'env');
    }
  }
  for (const v of (spec.volumes ?? []) as any[]) {
    note('ConfigMaps', v?.configMap?.name, 'files');
    note('Secrets', v?.secret?.secretName, 'files');
    for (const s of (v?.projected?.sources ?? []) as any[]) {
      note('ConfigMaps', s?.configMap?.name, 'files');
      note('Secrets', s?.secret?.name, 'files');
    }
  }
  const rows: SummaryRow[] = [];
  if (spec.serviceAccountName) rows.push(['Service account', String(spec.serviceAccountName)]);
  for (const kind of ['ConfigMaps', 'Secrets'] as const) {
    const list = [...uses[kind]].map(([name, how]) => `${name} (${[...how].join(', ')})`);
    if (list.length) rows.push([kind, list.join(', ')]);
  }
  return rows;
}

/** Summary rows whose value names objects of one kind (`game (env, files), creds (env)`). */
export const LINKED_ROWS: Readonly<Record<string, string>> = {
  ConfigMaps: 'ConfigMap',
  Secrets: 'Secret',
  'Service account': 'ServiceAccount',
};

/** The object names in a linked row's value, each with the text that follows it. */
export function linkedNames(value: string): { name: string; rest: string }[] {
  return [...value.matchAll(/([a-z0-9][a-z0-9.-]*)((?: \([^)]*\))?(?:, )?)/g)].map((m) => ({ name: m[1], rest: m[2] }));
}
