// view-state: how the user looks at the graph, apart from what the cluster is — the namespace
// filter and the zones opened in the zone-summary view. Kept in the page (not the cluster), so a
// filter never changes what kubectl sees.

import { create } from 'zustand';

/** The filter's default: every namespace but kube-system (the add-ons' pods crowd the cards). */
export const NAMESPACES_BUT_SYSTEM = '';
/** Every namespace. */
export const ALL_NAMESPACES = '*';
export const SYSTEM_NAMESPACE = 'kube-system';

export interface GraphViewState {
  /** NAMESPACES_BUT_SYSTEM, ALL_NAMESPACES or one namespace. */
  namespace: string;
  /** Zones shown node by node while zones are summaries (graph-detail.ts). */
  openZones: ReadonlySet<string>;
  setNamespace(namespace: string): void;
  toggleZone(zone: string): void;
}

export const useGraphView = create<GraphViewState>()((set) => ({
  namespace: NAMESPACES_BUT_SYSTEM,
  openZones: new Set(),
  setNamespace: (namespace) => set({ namespace }),
  toggleZone: (zone) =>
    set((s) => {
      const next = new Set(s.openZones);
      if (!next.delete(zone)) next.add(zone);
      return { openZones: next };
    }),
}));

/** Whether the filter `choice` draws the pods and workloads of `namespace`. */
export function namespaceShown(choice: string, namespace: string): boolean {
  if (choice === ALL_NAMESPACES) return true;
  if (choice === NAMESPACES_BUT_SYSTEM) return namespace !== SYSTEM_NAMESPACE;
  return namespace === choice;
}
