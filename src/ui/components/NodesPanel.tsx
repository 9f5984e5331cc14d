// NodesPanel: the cluster's nodes grouped by zone, each with the STATUS `kubectl get nodes`
// would print. A placeholder for the live cluster graph of a later issue.

import { memo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { nodeStatus } from '../../k8s/node-status';
import type { KObject } from '../../k8s/types';
import { useKubeplay } from '../state/store';
import { groupByZone, selectNodes, selectPodsPerNode } from '../state/selectors';

type Tone = 'ok' | 'bad' | 'unknown';

function toneOf(status: string): Tone {
  if (status.startsWith('Ready')) return 'ok';
  if (status.startsWith('NotReady')) return 'bad';
  return 'unknown';
}

const NodeCard = memo(function NodeCard({ node, pods }: { node: KObject; pods: number }) {
  const name = node.metadata.name ?? '';
  const status = nodeStatus(node);
  const [condition] = status.split(',');
  const cordoned = status.includes('SchedulingDisabled');
  const tone = toneOf(status);
  return (
    <li className={`node node-${tone}${cordoned ? ' node-cordoned' : ''}`} aria-label={`Node ${name}: ${status}`}>
      <span className="node-dot" aria-hidden="true" />
      <span className="node-name">{name}</span>
      <span className="node-pods" aria-hidden="true">
        {pods} {pods === 1 ? 'pod' : 'pods'}
      </span>
      <span className={`pill pill-${tone}`} aria-hidden="true">
        {condition}
      </span>
      {cordoned && (
        <span className="pill pill-warn" aria-hidden="true" title="SchedulingDisabled (cordoned)">
          cordoned
        </span>
      )}
    </li>
  );
});

export function NodesPanel() {
  const nodes = useKubeplay(useShallow(selectNodes));
  const pods = useKubeplay(useShallow(selectPodsPerNode));
  const ready = nodes.filter((n) => nodeStatus(n).startsWith('Ready')).length;
  const zones = groupByZone(nodes);
  return (
    <section className="panel nodes-panel" aria-labelledby="nodes-heading">
      <header className="panel-header">
        <h2 id="nodes-heading">Nodes</h2>
        <span className="panel-meta">
          {nodes.length === 0
            ? 'no nodes'
            : `${ready}/${nodes.length} Ready · ${zones.length} ${zones.length === 1 ? 'zone' : 'zones'}`}
        </span>
      </header>
      {nodes.length === 0 ? (
        <p className="empty">The cluster has no nodes yet.</p>
      ) : (
        <div className="zones">
          {zones.map(({ zone, nodes: members }) => (
            <div className="zone" key={zone || '(none)'}>
              <h3 className="zone-name">{zone ? `Zone ${zone}` : 'No zone'}</h3>
              <ul className="node-list">
                {members.map((node) => (
                  <NodeCard key={node.metadata.name} node={node} pods={pods[node.metadata.name ?? ''] ?? 0} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
