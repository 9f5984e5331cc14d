// The graph's namespace filter: every namespace but kube-system (the default, so the add-ons'
// pods do not crowd the cards), every namespace, or one. It changes what the graph draws, never
// the cluster; node bars still count every pod.

import { ALL_NAMESPACES, NAMESPACES_BUT_SYSTEM, SYSTEM_NAMESPACE, useGraphView } from './view-state';

export function NamespaceFilter({ namespaces, hidden }: { namespaces: ReadonlyMap<string, number>; hidden: number }) {
  const choice = useGraphView((s) => s.namespace);
  const setNamespace = useGraphView((s) => s.setNamespace);
  const names = [...namespaces.keys()];
  if (choice !== NAMESPACES_BUT_SYSTEM && choice !== ALL_NAMESPACES && !names.includes(choice)) names.push(choice);
  names.sort();
  const system = namespaces.get(SYSTEM_NAMESPACE) ?? 0;
  return (
    <label className="graph-ns">
      <span className="graph-ns-label">Namespace</span>
      <select aria-label="Namespace shown" value={choice} onChange={(e) => setNamespace(e.target.value)}>
        <option value={NAMESPACES_BUT_SYSTEM}>all but {SYSTEM_NAMESPACE}</option>
        <option value={ALL_NAMESPACES}>all</option>
        {names.map((ns) => (
          <option key={ns} value={ns}>
            {ns} ({namespaces.get(ns) ?? 0})
          </option>
        ))}
      </select>
      {hidden > 0 && (
        <span className="graph-ns-hidden" data-testid="pods-hidden">
          {hidden} {hidden === 1 ? 'pod' : 'pods'} hidden
          {choice === NAMESPACES_BUT_SYSTEM && system === hidden ? ` (${SYSTEM_NAMESPACE})` : ''}
        </span>
      )}
    </label>
  );
}
