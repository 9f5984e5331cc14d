// Cell helpers shared by the kinds' table columns.

import { humanDuration } from '../../../k8s/duration';
import type { KObject } from '../../../k8s/types';
import type { PrintContext } from './kind-definition';

/** AGE: HumanDuration(now − creationTimestamp), `<unknown>` when unset. */
export function age(obj: KObject, ctx: PrintContext): string {
  return since(obj.metadata.creationTimestamp, ctx);
}

export function since(timestamp: string | undefined, ctx: PrintContext): string {
  if (!timestamp) return '<unknown>';
  return humanDuration(ctx.nowUnixMs - Date.parse(timestamp));
}

export function orNone(value: unknown): string {
  return value === undefined || value === null || value === '' ? '<none>' : String(value);
}
