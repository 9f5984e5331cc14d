// SetDefaults_ResourceList: every quantity in a resource list is rounded up to milli precision
// (`val.RoundUp(-3)`), and, since the stored object is re-serialized, each value then reads back as
// Quantity.String(): its canonical text (`cpu: 1000m` -> "1", `memory: 1.5Gi` -> "1536Mi",
// a YAML number `cpu: 2` -> "2"). Values that do not parse are left alone (the decoder rejects
// them before defaulting on a real server).

import { parseQuantity, Quantity, QuantityError } from '../../../k8s/quantity';
import { isObj, type Obj } from './cow';

const NANOS_PER_MILLI = 1_000_000n;

function canonicalQuantity(v: unknown): string | undefined {
  let q: Quantity;
  try {
    if (typeof v === 'number') q = parseQuantity(v);
    else if (typeof v === 'string') q = parseQuantity(v.trim());
    else return undefined;
  } catch (e) {
    if (e instanceof QuantityError) return undefined;
    throw e;
  }
  const rem = q.nanos % NANOS_PER_MILLI;
  if (rem !== 0n) {
    // Round away from zero to the next milli.
    const rounded = q.nanos - rem + (q.nanos < 0n ? -NANOS_PER_MILLI : NANOS_PER_MILLI);
    q = Quantity.fromNanos(rounded, q.format);
  }
  return q.toString();
}

/** Canonicalizes a ResourceList; returns the same map when nothing changes. */
export function defaultResourceList<T>(list: T): T {
  if (!isObj(list)) return list;
  let out: Obj | undefined;
  for (const [k, v] of Object.entries(list)) {
    const c = canonicalQuantity(v);
    if (c === undefined || c === v) continue;
    out ??= { ...list };
    out[k] = c;
  }
  return (out as T) ?? list;
}
