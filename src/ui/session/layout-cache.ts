// layout-cache: a synchronous copy of the saved layout and bottom tab in localStorage, so the
// first render already has the user's panes (IndexedDB answers only after the page has painted
// the default layout, and waiting for it would delay the first paint). The session record in
// IndexedDB stays the source of truth; this copy is rewritten with every save.

import { readLayout, type PaneLayout } from '../layout/pane-layout';
import type { BottomTab } from '../state/selection';

const KEY = 'kubeplay.layout';
const TABS: readonly BottomTab[] = ['console', 'manifests', 'events'];

export function cacheLayout(layout: PaneLayout, tab: BottomTab, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(KEY, JSON.stringify({ layout, tab }));
  } catch {
    // not cached: the first render shows the default layout until the session is read
  }
}

export function cachedLayout(
  storage: Storage | undefined = globalThis.localStorage,
): { layout: PaneLayout; tab: BottomTab } | null {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { layout?: unknown; tab?: unknown };
    return {
      layout: readLayout(value.layout),
      tab: TABS.includes(value.tab as BottomTab) ? (value.tab as BottomTab) : 'console',
    };
  } catch {
    return null; // blocked storage or a damaged copy
  }
}
