// What the user is looking at: the selected object (inspector, highlighted in the graph) and the
// hovered one (edges drawn for it), the bottom tab, and a request for the manifest editor to load
// an object ("Edit YAML" in the inspector). UI state only — cluster state stays in the main store.

import { create } from 'zustand';
import type { ObjectKey } from '../../protocol/messages';

export type BottomTab = 'console' | 'manifests' | 'events';

/** An object for the manifest editor to load as it is now; `seq` tells two requests for one object apart. */
export interface EditRequest {
  key: ObjectKey;
  seq: number;
}

export interface SelectionState {
  selected: ObjectKey | null;
  hovered: ObjectKey | null;
  tab: BottomTab;
  /** Set by requestEdit; the editor loads the object and clears it with editHandled. */
  editRequest: EditRequest | null;
  select(key: ObjectKey | null): void;
  hover(key: ObjectKey | null): void;
  showTab(tab: BottomTab): void;
  /** Shows the Manifests tab with the object loaded into the editor. */
  requestEdit(key: ObjectKey): void;
  editHandled(request: EditRequest): void;
}

export const useSelection = create<SelectionState>()((set) => ({
  selected: null,
  hovered: null,
  tab: 'console',
  editRequest: null,
  select: (selected) => set({ selected }),
  hover: (hovered) => set({ hovered }),
  showTab: (tab) => set({ tab }),
  requestEdit: (key) => set((s) => ({ tab: 'manifests', editRequest: { key, seq: (s.editRequest?.seq ?? 0) + 1 } })),
  editHandled: (request) => set((s) => (s.editRequest === request ? { editRequest: null } : {})),
}));
