// Slot for the live cluster graph (being built); shows the nodes panel meanwhile.
import { NodesPanel } from '../components/NodesPanel';
export function ClusterGraph() {
  return <NodesPanel />;
}
