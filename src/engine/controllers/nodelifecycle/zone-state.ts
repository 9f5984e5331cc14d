// Zones of the node lifecycle controller: the zone key of a node (nodetopology.GetZoneKey), the
// disruption-exclusion label, and ComputeZoneState, which classifies a zone from its nodes' Ready
// conditions.

import type { Condition, KObject } from '../../../k8s/types';
import { zoneStateOf, type ZoneState } from '../../../k8s/zone-disruption';

export { zoneStateOf, type ZoneState };

export const LABEL_TOPOLOGY_ZONE = 'topology.kubernetes.io/zone';
export const LABEL_TOPOLOGY_REGION = 'topology.kubernetes.io/region';
/** The deprecated failure-domain labels, which GetZoneKey still prefers when present. */
export const LABEL_FAILURE_DOMAIN_BETA_ZONE = 'failure-domain.beta.kubernetes.io/zone';
export const LABEL_FAILURE_DOMAIN_BETA_REGION = 'failure-domain.beta.kubernetes.io/region';
/** Nodes with this label (any value) are left out of their zone's disruption counts. */
export const LABEL_EXCLUDE_DISRUPTION = 'node.kubernetes.io/exclude-disruption';

/**
 * The zone a node counts in: `<region>:\0:<zone>` from its labels (the beta failure-domain labels
 * win over the topology ones), or "" when it has neither.
 */
export function zoneKey(node: KObject): string {
  const labels = node.metadata.labels;
  if (!labels) return '';
  const zone = labels[LABEL_FAILURE_DOMAIN_BETA_ZONE] ?? labels[LABEL_TOPOLOGY_ZONE] ?? '';
  const region = labels[LABEL_FAILURE_DOMAIN_BETA_REGION] ?? labels[LABEL_TOPOLOGY_REGION] ?? '';
  if (region === '' && zone === '') return '';
  return `${region}:\x00:${zone}`;
}

/** A zone key as people read it: `region/zone` (the NUL separator is not printable). */
export function displayZone(key: string): string {
  return key === '' ? '<none>' : key.replace(':\x00:', '/');
}

export function isExcludedFromDisruption(node: KObject): boolean {
  const labels = node.metadata.labels;
  return !!labels && LABEL_EXCLUDE_DISRUPTION in labels;
}

/**
 * ComputeZoneState over the zone's Ready conditions: True counts as ready; False, Unknown and a
 * missing condition as not ready. Returns the not-ready count and the state.
 */
export function computeZoneState(
  readyConditions: readonly (Condition | undefined)[],
  unhealthyThreshold: number,
): { notReady: number; state: ZoneState } {
  let ready = 0;
  let notReady = 0;
  for (const c of readyConditions) {
    if (c?.status === 'True') ready++;
    else notReady++;
  }
  return { notReady, state: zoneStateOf(ready, notReady, unhealthyThreshold) };
}
