// The tabs over the bottom panel: Console, Manifests, Events (an accessible tablist with the
// tabs keyboard pattern). An embed shows only the panels its URL keeps, in the page's order.

import { useRef, type KeyboardEvent } from 'react';
import { usePaneLayout } from '../layout/pane-layout';
import { useSelection, type BottomTab } from '../state/selection';
import { tabIndexAfterKey } from './tablist-keys';

const LABELS: Record<BottomTab, string> = { console: 'Console', manifests: 'Manifests', events: 'Events' };

/** Every bottom panel, in the page's order. */
export const BOTTOM_TABS: readonly BottomTab[] = ['console', 'manifests', 'events'];

export function BottomTabs({ tabs = BOTTOM_TABS, current }: { tabs?: readonly BottomTab[]; current?: BottomTab }) {
  const selected = useSelection((s) => s.tab);
  const tab = current ?? selected;
  const select = useSelection((s) => s.showTab);
  // a tab of a collapsed bottom panel opens it
  const showTab = (t: BottomTab) => {
    select(t);
    usePaneLayout.getState().set({ bottomCollapsed: false });
  };
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // roving focus: only the selected tab is in the Tab order; arrows move between tabs
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabIndexAfterKey(e.key, index, tabs.length);
    if (next < 0) return;
    e.preventDefault();
    showTab(tabs[next]);
    tabRefs.current[next]?.focus();
  };
  return (
    <div className="bottom-tabs" role="tablist" aria-label="Panels">
      {tabs.map((t, i) => (
        <button
          key={t}
          ref={(el) => {
            tabRefs.current[i] = el;
          }}
          role="tab"
          type="button"
          aria-selected={tab === t}
          tabIndex={tab === t ? 0 : -1}
          className="bottom-tab"
          onClick={() => showTab(t)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {LABELS[t]}
        </button>
      ))}
    </div>
  );
}
