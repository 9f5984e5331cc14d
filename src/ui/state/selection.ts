// What the user is looking at: the selected object (inspector, highlighted in the graph) and the
// hovered one (edges drawn for it). UI state only — cluster state stays in the main store.

import { create } from 'zustand';
import type { ObjectKey } from '../../protocol/messages';

export type BottomTab = 'console' | 'manifests' | 'events';

export interface SelectionState {
  selected: ObjectKey | null;
  hovered: ObjectKey | null;
  tab: BottomTab;
  select(key: ObjectKey | null): void;
  hover(key: ObjectKey | null): void;
  showTab(tab: BottomTab): void;
}

export const useSelection = create<SelectionState>()((set) => ({
  selected: null,
  hovered: null,
  tab: 'console',
  select: (selected) => set({ selected }),
  hover: (hovered) => set({ hovered }),
  showTab: (tab) => set({ tab }),
}));
