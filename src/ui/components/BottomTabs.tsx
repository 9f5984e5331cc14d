// The tabs over the bottom panel: Console, Manifests, Events (an accessible tablist).

import { useRef, type KeyboardEvent } from 'react';
import { useSelection, type BottomTab } from '../state/selection';
import { tabIndexAfterKey } from './tablist-keys';

const TABS: { id: BottomTab; label: string }[] = [
  { id: 'console', label: 'Console' },
  { id: 'manifests', label: 'Manifests' },
  { id: 'events', label: 'Events' },
];

export function BottomTabs() {
  const tab = useSelection((s) => s.tab);
  const showTab = useSelection((s) => s.showTab);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // roving focus: only the selected tab is in the Tab order; arrows move between tabs
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabIndexAfterKey(e.key, index, TABS.length);
    if (next < 0) return;
    e.preventDefault();
    showTab(TABS[next].id);
    tabRefs.current[next]?.focus();
  };
  return (
    <div className="bottom-tabs" role="tablist" aria-label="Panels">
      {TABS.map((t, i) => (
        <button
          key={t.id}
          ref={(el) => {
            tabRefs.current[i] = el;
          }}
          role="tab"
          type="button"
          aria-selected={tab === t.id}
          tabIndex={tab === t.id ? 0 : -1}
          className="bottom-tab"
          onClick={() => showTab(t.id)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
