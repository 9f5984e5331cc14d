// The node describer's resource arithmetic: requests and limits come from src/k8s/pod-resources.ts.

export { get, podLimits, podRequests, ZERO, type ResourceList } from '../../../k8s/pod-resources';

/** Go's int64(float64(a) / float64(b) * 100), including its amd64 result for a zero divisor. */
export function percent(a: number, b: number): string {
  const f = (a / b) * 100;
  if (!Number.isFinite(f)) return '-9223372036854775808';
  return String(Math.trunc(f));
}
