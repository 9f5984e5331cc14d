// The tabs over the bottom panel: Console, Manifests, Events (an accessible tablist).

import { useSelection, type BottomTab } from '../state/selection';

const TABS: { id: BottomTab; label: string }[] = [
  { id: 'console', label: 'Console' },
  { id: 'manifests', label: 'Manifests' },
  { id: 'events', label: 'Events' },
];

export function BottomTabs() {
  const tab = useSelection((s) => s.tab);
  const showTab = useSelection((s) => s.showTab);
  return (
    <div className="bottom-tabs" role="tablist" aria-label="Panels">
      {TABS.map((t) => (
        <button
          key={t.id}
          role="tab"
          type="button"
          aria-selected={tab === t.id}
          className="bottom-tab"
          onClick={() => showTab(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
