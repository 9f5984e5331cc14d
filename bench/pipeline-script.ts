// The pipeline bench's scripts (what a user would type), shared by `npm run bench` and the
// browser measurements (e2e/worker-envelope.spec.ts, e2e/engine-worker.spec.ts).

/** Replicas of each Deployment: 0.3·N Deployments make 30 pods per node. */
export const REPLICAS = 100;

/**
 * How many workloads whose names start with `prefix` and a number (`d12`, `s3`) a `kubectl get
 * … --no-headers` in `transcript` shows at REPLICAS/REPLICAS ready.
 */
export function readyWorkloads(transcript: string, prefix: string): number {
  const ready = new RegExp(`^${prefix}\\d+ +${REPLICAS}/${REPLICAS} `);
  return transcript.split('\n').filter((line) => ready.test(line)).length;
}

function nodeLines(nodes: number): string[] {
  const lines = ['kubeplay cluster reset --empty'];
  for (let i = 0; i < nodes; i++) lines.push(`kubeplay node add n${i} --zone z${i % 5} --cpu 32 --memory 128Gi --pods 110`);
  return lines;
}

/** The scale-up script for `nodes` nodes. */
export function pipelineScript(nodes: number): string {
  const lines = nodeLines(nodes);
  const deployments = Math.floor((nodes * 3) / 10);
  for (let i = 0; i < deployments; i++) lines.push(`kubectl create deployment d${i} --image=nginx --replicas=${REPLICAS}`);
  lines.push('sleep 5m', 'kubectl get deployments --no-headers');
  return `${lines.join('\n')}\n`;
}

/** The idle script: `nodes` nodes, then an hour of virtual time. */
export function idleScript(nodes: number): string {
  return `${[...nodeLines(nodes), 'sleep 1h'].join('\n')}\n`;
}

/** The DaemonSet script: `nodes` nodes, then one DaemonSet (a pod on every node) and 2 minutes. */
export function daemonSetScript(nodes: number): string {
  const manifest = [
    'kubectl apply -f - <<EOF',
    'apiVersion: apps/v1',
    'kind: DaemonSet',
    'metadata:',
    '  name: agent',
    'spec:',
    '  selector:',
    '    matchLabels:',
    '      app: agent',
    '  template:',
    '    metadata:',
    '      labels:',
    '        app: agent',
    '    spec:',
    '      containers:',
    '      - name: agent',
    '        image: nginx',
    'EOF',
  ];
  return `${[...nodeLines(nodes), ...manifest, 'sleep 2m', 'kubectl get daemonset agent --no-headers'].join('\n')}\n`;
}

/** StatefulSets per node in the StatefulSet row: 0.03·N sets of REPLICAS pods, 3 pods per node. */
export function statefulSetCount(nodes: number): number {
  return Math.max(1, Math.floor((nodes * 3) / 100));
}

/**
 * The StatefulSet scale-up script: 0.03·N StatefulSets of REPLICAS Parallel pods (OrderedReady
 * would measure the virtual time of 100 sequential starts, not the controller).
 */
export function statefulSetScript(nodes: number): string {
  const lines = nodeLines(nodes);
  for (let i = 0; i < statefulSetCount(nodes); i++) {
    lines.push(
      'kubectl apply -f - <<EOF',
      'apiVersion: apps/v1',
      'kind: StatefulSet',
      'metadata:',
      `  name: s${i}`,
      'spec:',
      `  serviceName: s${i}`,
      `  replicas: ${REPLICAS}`,
      '  podManagementPolicy: Parallel',
      '  selector:',
      '    matchLabels:',
      `      app: s${i}`,
      '  template:',
      '    metadata:',
      '      labels:',
      `        app: s${i}`,
      '    spec:',
      '      containers:',
      '      - name: nginx',
      '        image: nginx',
      'EOF',
    );
  }
  lines.push('sleep 5m', 'kubectl get statefulsets --no-headers');
  return `${lines.join('\n')}\n`;
}
