// Flags many kubectl commands share.

import type { FlagSpec, ParsedArgs } from '../flags';

export const namespaceFlags: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'all-namespaces', short: 'A', type: 'bool' },
];

export const selectorFlags: FlagSpec[] = [
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'field-selector', type: 'string' },
];

export const filenameFlags: FlagSpec[] = [
  { name: 'filename', short: 'f', type: 'stringArray', default: [] },
  { name: 'recursive', short: 'R', type: 'bool' },
];

/** The namespace a command works in: `-n`, else `default` (the kubeconfig context's). */
export function requestNamespace(parsed: ParsedArgs): string {
  return (parsed.flags.namespace as string | undefined) || 'default';
}
