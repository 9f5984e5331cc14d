// What configMap, secret, downwardAPI and projected volumes share (pkg/volume/util/volume_util.go
// MakePayload, atomic_writer.go): the files a source projects, from its keys or its `items`, with
// defaultMode or an item's own mode; `optional` sources that are missing project nothing.

import type { KObject } from '../../../k8s/types';
import { nodeKind } from '../../api/kinds';
import { containerNamed, podFieldValue, resourceFieldValue } from './downward-fields';
import type { ProjectedFiles, VolumeHost } from './types';

export const DEFAULT_FILE_MODE = 0o644;

/**
 * MakePayload: every key as a file, or only `items` (each key → its path, with its mode). An item
 * naming a missing key fails unless the source is optional.
 */
export function projectKeys(
  kind: 'configmap' | 'secret',
  data: ReadonlyMap<string, string>,
  items: any[] | undefined,
  defaultMode: number | undefined,
  optional: boolean,
  into: ProjectedFiles,
): string | undefined {
  const mode = defaultMode ?? DEFAULT_FILE_MODE;
  if (!items || items.length === 0) {
    for (const [key, content] of data) into.set(key, { content, mode });
    return undefined;
  }
  for (const item of items) {
    const content = data.get(item?.key);
    if (content === undefined) {
      if (optional) continue;
      return kind === 'configmap'
        ? `configmap references non-existent config key: ${item?.key}`
        : `references non-existent secret key: ${item?.key}`;
    }
    into.set(String(item.path), { content, mode: typeof item.mode === 'number' ? item.mode : mode });
  }
  return undefined;
}

/** CollectData of a downwardAPI source: each item's field or resource as a file. */
export function projectDownwardAPI(
  host: VolumeHost,
  pod: KObject,
  items: any[] | undefined,
  defaultMode: number | undefined,
  into: ProjectedFiles,
): void {
  const mode = defaultMode ?? DEFAULT_FILE_MODE;
  for (const item of items ?? []) {
    let content = '';
    if (item?.fieldRef) content = podFieldValue(pod, String(item.fieldRef.fieldPath ?? ''));
    else if (item?.resourceFieldRef) {
      const ref = item.resourceFieldRef;
      const allocatable = host.api.tryGet(nodeKind, undefined, host.nodeName)?.status?.allocatable;
      content = resourceFieldValue(containerNamed(pod, ref.containerName), String(ref.resource ?? ''), ref.divisor, allocatable);
    }
    into.set(String(item.path), { content, mode: typeof item?.mode === 'number' ? item.mode : mode });
  }
}
