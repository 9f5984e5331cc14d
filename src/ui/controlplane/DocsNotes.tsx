// Where the seed pages are dated and the playground follows the current Kubernetes source
// instead (issue 18): a short, collapsed list under the control plane panel.

/** What a reader of the Nodes pages will see differently here, and why. */
export const DOCS_NOTES: readonly { title: string; text: string }[] = [
  {
    title: 'Node grace period: 50 s',
    text: 'Older pages say a node is marked Unknown after 40 s without a heartbeat; since v1.32 --node-monitor-grace-period defaults to 50 s (kubeplay config set kubernetes-version=v1.31 restores 40 s).',
  },
  {
    title: 'Node status every 5 min',
    text: 'The kubelet renews its Lease every 10 s and writes the Node status when something changed, or at least every 5 min (nodeStatusReportFrequency); the older Spanish and German pages say 1 min.',
  },
  {
    title: 'Completed / Error, not Terminated',
    text: 'For a pod stopped by graceful node shutdown, kubectl get pods prints its container’s reason — Completed or Error — where the Portuguese page shows Terminated (the pod’s own reason, which describe shows).',
  },
  {
    title: 'Evicted pods show Terminating',
    text: 'Pods evicted through the Eviction API (drain) or by a NoExecute taint are deleted with their grace period, so they print Terminating until they are gone.',
  },
  {
    title: 'Allocatable below capacity',
    text: 'Allocatable is capacity minus kube-reserved, system-reserved and the default hard eviction thresholds (memory.available<100Mi, nodefs.available<10%), so it is a little below capacity even with no reservations.',
  },
  {
    title: 'Graceful node shutdown is off by default',
    text: 'shutdownGracePeriod defaults to 0: a shutdown powers the machine off at once unless the node was added with --shutdown-grace-period.',
  },
  {
    title: 'Swap: NoSwap by default, no UnlimitedSwap',
    text: 'The Portuguese page (1.22) says an unset memorySwap behaves as LimitedSwap and lists UnlimitedSwap; NodeSwap is GA since 1.34, swapBehavior defaults to NoSwap and only NoSwap and LimitedSwap exist (Burstable pods only, cgroup v2), as the French page says.',
  },
];

export function DocsNotes() {
  return (
    <details className="cp-notes">
      <summary>Where the docs are dated</summary>
      <ul>
        {DOCS_NOTES.map((n) => (
          <li key={n.title}>
            <strong>{n.title}.</strong> {n.text}
          </li>
        ))}
      </ul>
    </details>
  );
}
