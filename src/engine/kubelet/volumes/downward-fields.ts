// The downward API's values (pkg/fieldpath, pkg/api/v1/resource): pod fields by fieldPath and
// container resources by resourceFieldRef, shared by env (valueFrom) and downwardAPI / projected
// volume files.

import type { KObject } from '../../../k8s/types';
import { parseQuantity, type Quantity } from '../../../k8s/quantity';

/**
 * fieldpath.FormatMap: one `key="value"` line per entry, keys sorted, values quoted as Go's %q
 * quotes them, no newline after the last line.
 */
export function formatMap(map: Readonly<Record<string, string>> | undefined): string {
  return Object.keys(map ?? {})
    .sort()
    .map((k) => `${k}=${goQuote(String(map![k]))}`)
    .join('\n');
}

/** Go's %q for the strings labels and annotations hold (printable text, usual escapes). */
function goQuote(s: string): string {
  return JSON.stringify(s).replace(/\\u007f/g, '\\x7f');
}

/** ExtractFieldPathAsString for the fields a downwardAPI volume file may name. */
export function podFieldValue(pod: KObject, fieldPath: string): string {
  const meta = pod.metadata;
  switch (fieldPath) {
    case 'metadata.name':
      return meta.name ?? '';
    case 'metadata.namespace':
      return meta.namespace ?? '';
    case 'metadata.uid':
      return meta.uid ?? '';
    case 'metadata.labels':
      return formatMap(meta.labels);
    case 'metadata.annotations':
      return formatMap(meta.annotations);
  }
  const m = /^metadata\.(labels|annotations)\['(.+)'\]$/.exec(fieldPath);
  if (m) return (meta as any)[m[1]]?.[m[2]] ?? '';
  return '';
}

/**
 * ExtractResourceValueByContainerNameAndNodeAllocatable: a container's limit or request scaled by
 * the divisor and rounded up; an unset limit reads as the node's allocatable.
 */
export function resourceFieldValue(
  container: any,
  resource: string,
  divisor: unknown,
  nodeAllocatable: Readonly<Record<string, string>> | undefined,
): string {
  const [kind, name] = resource.split('.', 2) as ['limits' | 'requests', string];
  const set = container?.resources?.[kind]?.[name];
  let quantity: Quantity | undefined = parse(set);
  if (!quantity && kind === 'limits') quantity = parse(nodeAllocatable?.[name]);
  const div = parse(divisor) ?? parseQuantity('1');
  if (!quantity) return '0';
  if (name === 'cpu') {
    const d = Math.max(1, div.milliValue());
    return String(Math.ceil(quantity.milliValue() / d));
  }
  const d = Math.max(1, div.value());
  return String(Math.ceil(quantity.value() / d));
}

function parse(q: unknown): Quantity | undefined {
  if (typeof q !== 'string' && typeof q !== 'number') return undefined;
  try {
    return parseQuantity(q);
  } catch {
    return undefined;
  }
}

/** The spec container a resourceFieldRef names (app, init or ephemeral). */
export function containerNamed(pod: KObject, name: string | undefined): any {
  const spec = pod.spec ?? {};
  for (const list of [spec.containers, spec.initContainers, spec.ephemeralContainers] as any[][]) {
    const found = (list ?? []).find((c) => c?.name === name);
    if (found) return found;
  }
  return undefined;
}
