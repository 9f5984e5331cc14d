// EmbedTabs: the bottom tabs in embed mode — only the panels the URL keeps, in the page's order
// and with the same tablist keyboard pattern as BottomTabs (one tab needs no tablist at all).

import { useRef, type KeyboardEvent } from 'react';
import { tabIndexAfterKey } from '../components/tablist-keys';
import { useSelection, type BottomTab } from '../state/selection';

const LABELS: Record<BottomTab, string> = { console: 'Console', manifests: 'Manifests', events: 'Events' };

export function EmbedTabs({ tabs, current }: { tabs: readonly BottomTab[]; current: BottomTab }) {
  const showTab = useSelection((s) => s.showTab);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabIndexAfterKey(e.key, index, tabs.length);
    if (next < 0) return;
    e.preventDefault();
    showTab(tabs[next]);
    refs.current[next]?.focus();
  };
  return (
    <div className="bottom-tabs" role="tablist" aria-label="Panels">
      {tabs.map((t, i) => (
        <button
          key={t}
          ref={(el) => {
            refs.current[i] = el;
          }}
          role="tab"
          type="button"
          aria-selected={current === t}
          tabIndex={current === t ? 0 : -1}
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
