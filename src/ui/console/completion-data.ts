// completion-data: what the console's Tab completion knows about the commands, kept here because
// the UI does not import the engine. completion-data.engine.test.ts checks every list against the
// engine (kind registry, kubectl flag specs, kubeplay verbs), so a change there fails a test
// until it is mirrored here.

/** A resource type the API server serves, as kubectl names it. */
export interface ResourceType {
  kind: string;
  plural: string;
  singular: string;
  shortNames: readonly string[];
  namespaced: boolean;
}

/** The served kinds (src/engine/api/kinds), in registry order. */
export const RESOURCE_TYPES: readonly ResourceType[] = [
  { kind: 'Namespace', plural: 'namespaces', singular: 'namespace', shortNames: ['ns'], namespaced: false },
  { kind: 'Node', plural: 'nodes', singular: 'node', shortNames: ['no'], namespaced: false },
  { kind: 'Pod', plural: 'pods', singular: 'pod', shortNames: ['po'], namespaced: true },
  {
    kind: 'ReplicationController',
    plural: 'replicationcontrollers',
    singular: 'replicationcontroller',
    shortNames: ['rc'],
    namespaced: true,
  },
  { kind: 'Event', plural: 'events', singular: 'event', shortNames: ['ev'], namespaced: true },
  { kind: 'Lease', plural: 'leases', singular: 'lease', shortNames: [], namespaced: true },
  { kind: 'PriorityClass', plural: 'priorityclasses', singular: 'priorityclass', shortNames: ['pc'], namespaced: false },
  { kind: 'Service', plural: 'services', singular: 'service', shortNames: ['svc'], namespaced: true },
  { kind: 'EndpointSlice', plural: 'endpointslices', singular: 'endpointslice', shortNames: [], namespaced: true },
  {
    kind: 'ControllerRevision',
    plural: 'controllerrevisions',
    singular: 'controllerrevision',
    shortNames: [],
    namespaced: true,
  },
  { kind: 'DaemonSet', plural: 'daemonsets', singular: 'daemonset', shortNames: ['ds'], namespaced: true },
  { kind: 'Deployment', plural: 'deployments', singular: 'deployment', shortNames: ['deploy'], namespaced: true },
  { kind: 'ReplicaSet', plural: 'replicasets', singular: 'replicaset', shortNames: ['rs'], namespaced: true },
  { kind: 'StatefulSet', plural: 'statefulsets', singular: 'statefulset', shortNames: ['sts'], namespaced: true },
  {
    kind: 'HorizontalPodAutoscaler',
    plural: 'horizontalpodautoscalers',
    singular: 'horizontalpodautoscaler',
    shortNames: ['hpa'],
    namespaced: true,
  },
  { kind: 'CronJob', plural: 'cronjobs', singular: 'cronjob', shortNames: ['cj'], namespaced: true },
  { kind: 'Job', plural: 'jobs', singular: 'job', shortNames: [], namespaced: true },
  {
    kind: 'PodDisruptionBudget',
    plural: 'poddisruptionbudgets',
    singular: 'poddisruptionbudget',
    shortNames: ['pdb'],
    namespaced: true,
  },
  {
    kind: 'PersistentVolume',
    plural: 'persistentvolumes',
    singular: 'persistentvolume',
    shortNames: ['pv'],
    namespaced: false,
  },
  {
    kind: 'PersistentVolumeClaim',
    plural: 'persistentvolumeclaims',
    singular: 'persistentvolumeclaim',
    shortNames: ['pvc'],
    namespaced: true,
  },
  { kind: 'StorageClass', plural: 'storageclasses', singular: 'storageclass', shortNames: ['sc'], namespaced: false },
  { kind: 'ResourceQuota', plural: 'resourcequotas', singular: 'resourcequota', shortNames: ['quota'], namespaced: true },
  { kind: 'LimitRange', plural: 'limitranges', singular: 'limitrange', shortNames: ['limits'], namespaced: true },
  { kind: 'ConfigMap', plural: 'configmaps', singular: 'configmap', shortNames: ['cm'], namespaced: true },
  { kind: 'Secret', plural: 'secrets', singular: 'secret', shortNames: [], namespaced: true },
  { kind: 'ServiceAccount', plural: 'serviceaccounts', singular: 'serviceaccount', shortNames: ['sa'], namespaced: true },
];

/** What the console runs (src/engine/simulation.ts), plus `clear` and `help`, which the page handles itself. */
export const PROGRAMS: readonly string[] = ['kubectl', 'kubeplay', 'sleep', 'clear', 'help'];

/**
 * kubectl's flags per verb (`verb` or `verb sub`), as in src/engine/kubectl/commands: `-x` is the
 * shorthand of the long flag after it, a trailing `=` marks a flag that takes a value.
 */
export const KUBECTL_FLAGS: Readonly<Record<string, string>> = {
  annotate:
    '-n --namespace= -A --all-namespaces -o --output= --template= --allow-missing-template-keys --show-managed-fields --record -l --selector= --field-selector= --all --overwrite --list --local --resource-version= --dry-run= --field-manager= -f --filename= -k --kustomize= -R --recursive',
  'api-resources': '-o --output= --no-headers --api-group= --namespaced --verbs= --sort-by= --cached --categories=',
  apply:
    '-f --filename= -R --recursive -n --namespace= -o --output= --dry-run= --validate= --server-side --force-conflicts --field-manager= --force --record',
  autoscale:
    '-n --namespace= -A --all-namespaces -o --output= --template= --allow-missing-template-keys --show-managed-fields --record --min= --max= --cpu-percent= --name= --dry-run= -f --filename= -k --kustomize= -R --recursive --save-config --field-manager=',
  cordon: '-l --selector= --dry-run=',
  create: '-f --filename= -R --recursive -n --namespace= -o --output= --dry-run= --validate= --save-config',
  'create poddisruptionbudget':
    '--selector= --min-available= --max-unavailable= -n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields',
  'create pdb':
    '--selector= --min-available= --max-unavailable= -n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields',
  'create quota':
    '--hard= --scopes= -n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields',
  'create resourcequota':
    '--hard= --scopes= -n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields',
  'create cronjob':
    '-n --namespace= --image= --schedule= --restart= --dry-run= -o --output= --save-config --validate= --field-manager=',
  'create cj':
    '-n --namespace= --image= --schedule= --restart= --dry-run= -o --output= --save-config --validate= --field-manager=',
  'create configmap':
    '--from-literal= --from-file= --from-env-file= --append-hash -n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields',
  'create cm':
    '--from-literal= --from-file= --from-env-file= --append-hash -n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields',
  'create secret': '',
  'create serviceaccount':
    '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields',
  'create sa': '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields',
  'create secret generic':
    '--from-literal= --from-file= --from-env-file= --append-hash --type= -n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields',
  'create secret tls':
    '--cert= --key= --append-hash -n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields',
  'create secret docker-registry':
    '--docker-server= --docker-username= --docker-password= --docker-email= --from-file= --append-hash -n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields',
  'create deployment':
    '-n --namespace= --image= -r --replicas= --port= --dry-run= -o --output= --save-config --validate= --field-manager=',
  'create deploy':
    '-n --namespace= --image= -r --replicas= --port= --dry-run= -o --output= --save-config --validate= --field-manager=',
  'create job': '-n --namespace= --image= --from= --dry-run= -o --output= --save-config --validate= --field-manager=',
  debug:
    '-n --namespace= --arguments-only --attach -c --container= --copy-to= --custom= --env= -f --filename= --image= --image-pull-policy= --keep-annotations --keep-init-containers --keep-labels --keep-liveness --keep-readiness --keep-startup --profile= -q --quiet --replace --same-node --set-image= --share-processes -i --stdin --target= -t --tty',
  delete:
    '-f --filename= -R --recursive -n --namespace= -A --all-namespaces -l --selector= --field-selector= --all --grace-period= --force --now --cascade= --wait --timeout= --ignore-not-found -o --output= --dry-run=',
  describe: '-n --namespace= -A --all-namespaces -l --selector= -f --filename= -R --recursive --show-events --chunk-size=',
  drain:
    '--force --ignore-daemonsets --delete-emptydir-data --grace-period= --timeout= -l --selector= --pod-selector= --disable-eviction --skip-wait-for-delete-timeout= --chunk-size= --dry-run=',
  expose:
    '-f --filename= -R --recursive -n --namespace= -o --output= --dry-run= --port= --target-port= --protocol= --name= --type= --selector= -l --labels= --cluster-ip= --external-ip= --load-balancer-ip= --session-affinity= --save-config --field-manager= --overrides=',
  exec: '-n --namespace= -c --container= -f --filename= --pod-running-timeout= -q --quiet -i --stdin -t --tty',
  explain: '--recursive --api-version= -o --output=',
  get: '-n --namespace= -A --all-namespaces -l --selector= --field-selector= -o --output= -w --watch --watch-only --show-labels --show-kind --no-headers -L --label-columns= --ignore-not-found --chunk-size= --sort-by= --template= --show-managed-fields -f --filename= -R --recursive',
  label:
    '-n --namespace= -A --all-namespaces -o --output= --template= --allow-missing-template-keys --show-managed-fields --record -l --selector= --field-selector= --all --overwrite --list --local --resource-version= --dry-run= --field-manager= -f --filename= -k --kustomize= -R --recursive',
  logs: '-n --namespace= --all-containers --all-pods -c --container= -f --follow --ignore-errors --insecure-skip-tls-verify-backend --limit-bytes= --max-log-requests= --pod-running-timeout= --prefix -p --previous -l --selector= --since= --since-time= --tail= --timestamps',
  patch:
    '-n --namespace= -o --output= --template= --allow-missing-template-keys --show-managed-fields --record -p --patch= --patch-file= --type= --dry-run= --local --field-manager= --subresource= -f --filename= -k --kustomize= -R --recursive',
  rollout: '',
  'rollout history': '-f --filename= -R --recursive -n --namespace= -l --selector= --revision= -o --output=',
  'rollout pause': '-f --filename= -R --recursive -n --namespace= -l --selector= -o --output= --field-manager=',
  'rollout restart': '-f --filename= -R --recursive -n --namespace= -l --selector= -o --output= --field-manager=',
  'rollout resume': '-f --filename= -R --recursive -n --namespace= -l --selector= -o --output= --field-manager=',
  'rollout status': '-f --filename= -R --recursive -n --namespace= -l --selector= -w --watch --revision= --timeout=',
  'rollout undo': '-f --filename= -R --recursive -n --namespace= -l --selector= --to-revision= --dry-run= -o --output=',
  run: '-n --namespace= --annotations= --image= --image-pull-policy= --rm --env= --port= --dry-run= -l --labels= -i --stdin -t --tty --attach --leave-stdin-open --restart= --command --expose -q --quiet --privileged --save-config --field-manager= --overrides= --override-type= -o --output= --pod-running-timeout= --show-managed-fields --allow-missing-template-keys --template=',
  set: '',
  'set image':
    '-f --filename= -R --recursive -n --namespace= -l --selector= --all --local -o --output= --dry-run= --field-manager= --record',
  'set resources':
    '-f --filename= -R --recursive -n --namespace= -l --selector= --all --local -o --output= --dry-run= --field-manager= --record -c --containers= --limits= --requests=',
  scale:
    '-n --namespace= -A --all-namespaces -o --output= --template= --allow-missing-template-keys --show-managed-fields --record -l --selector= --all --resource-version= --current-replicas= --replicas= --timeout= --dry-run= -f --filename= -k --kustomize= -R --recursive',
  taint:
    '-o --output= --template= --allow-missing-template-keys --show-managed-fields --record -l --selector= --overwrite --all --dry-run= --validate= --field-manager=',
  uncordon: '-l --selector= --dry-run=',
  version: '--client -o --output=',
  wait: '-n --namespace= -A --all-namespaces --for= --timeout= -l --selector= --field-selector= --all -f --filename=',
  attach: '-n --namespace= -c --container= --pod-running-timeout= -q --quiet -i --stdin -t --tty',
  config: '',
  'config current-context': '',
  'config get-contexts': '-o --output= --no-headers',
  'config view': '-o --output= --minify --merge --allow-missing-template-keys --show-managed-fields --template=',
  'create namespace':
    '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields --allow-missing-template-keys --template=',
  'create ns':
    '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields --allow-missing-template-keys --template=',
  'create priorityclass':
    '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields --allow-missing-template-keys --template= --value= --global-default --description= --preemption-policy=',
  'create pc':
    '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields --allow-missing-template-keys --template= --value= --global-default --description= --preemption-policy=',
  'create service':
    '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields --allow-missing-template-keys --template=',
  'create svc':
    '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields --allow-missing-template-keys --template=',
  'create service clusterip':
    '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields --allow-missing-template-keys --template= --tcp= --clusterip=',
  'create service nodeport':
    '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields --allow-missing-template-keys --template= --tcp= --node-port=',
  'create service loadbalancer':
    '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields --allow-missing-template-keys --template= --tcp=',
  'create service externalname':
    '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields --allow-missing-template-keys --template= --tcp= --external-name=',
  'create svc clusterip':
    '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields --allow-missing-template-keys --template= --tcp= --clusterip=',
  'create svc nodeport':
    '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields --allow-missing-template-keys --template= --tcp= --node-port=',
  'create svc loadbalancer':
    '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields --allow-missing-template-keys --template= --tcp=',
  'create svc externalname':
    '-n --namespace= -o --output= --dry-run= --validate= --save-config --field-manager= --show-managed-fields --allow-missing-template-keys --template= --tcp= --external-name=',
  edit: '-f --filename= -R --recursive -n --namespace= -l --selector= -o --output= --output-patch --save-config --validate= --windows-line-endings --field-manager= --subresource= --allow-missing-template-keys --show-managed-fields --template=',
  events:
    '-n --namespace= -A --all-namespaces -w --watch --for= --types= --no-headers -o --output= --chunk-size= --allow-missing-template-keys --show-managed-fields --template=',
  options: '',
  replace:
    '-f --filename= -R --recursive -n --namespace= -o --output= --dry-run= --validate= --force --grace-period= --cascade= --timeout= --wait --save-config --field-manager= --show-managed-fields --record',
  top: '',
  'top node': '-l --selector= --no-headers --show-capacity --sort-by= --use-protocol-buffers',
  'top nodes': '-l --selector= --no-headers --show-capacity --sort-by= --use-protocol-buffers',
  'top no': '-l --selector= --no-headers --show-capacity --sort-by= --use-protocol-buffers',
  'top pod':
    '-n --namespace= -A --all-namespaces --containers -l --selector= --field-selector= --no-headers --sort-by= --sum --use-protocol-buffers',
  'top pods':
    '-n --namespace= -A --all-namespaces --containers -l --selector= --field-selector= --no-headers --sort-by= --sum --use-protocol-buffers',
  'top po':
    '-n --namespace= -A --all-namespaces --containers -l --selector= --field-selector= --no-headers --sort-by= --sum --use-protocol-buffers',
};

/**
 * The `-o` values per verb, as the engine's printers take them (printers/output.ts): `get` has
 * the table's wide and custom columns, `explain` its own two; values that need a template end
 * in `=` (`jsonpath=`, then the template). Verbs not listed print objects (PrintFlags).
 */
export const OUTPUT_FORMATS: Readonly<Record<string, readonly string[]>> = {
  get: ['custom-columns=', 'go-template=', 'json', 'jsonpath=', 'jsonpath-as-json=', 'name', 'wide', 'yaml'],
  'api-resources': ['name', 'wide'],
  explain: ['plaintext', 'plaintext-openapiv2'],
  version: ['json', 'yaml'],
  'config get-contexts': ['name'],
};
export const OBJECT_OUTPUT_FORMATS: readonly string[] = ['go-template=', 'json', 'jsonpath=', 'name', 'yaml'];

/** Flags every kubectl command accepts (src/engine/kubectl/kubectl.ts). */
export const KUBECTL_GLOBAL_FLAGS = '-n --namespace= --context= --cluster= --user= --kubeconfig= --request-timeout= -v --v=';

/** kubeplay's verbs (src/engine/playground/kubeplay.ts): group → sub-verbs (none: the group runs). */
export const KUBEPLAY_VERBS: Readonly<Record<string, readonly string[]>> = {
  cluster: ['reset'],
  node: ['add', 'stop', 'start', 'disconnect', 'reconnect', 'shutdown', 'pressure', 'remove', 'runtime', 'network'],
  zone: ['partition', 'heal'],
  pod: ['crash', 'fail-readiness', 'evict'],
  storageclass: ['add'],
  load: [],
  clock: [],
  config: ['set', 'view'],
  explain: ['scheduling'],
};

/** kubeplay's flags per verb, in the same notation as KUBECTL_FLAGS (from its usage text). */
export const KUBEPLAY_FLAGS: Readonly<Record<string, string>> = {
  'cluster reset': '--empty --zones= --nodes-per-zone= --addons',
  'node add':
    '--zone= --region= --cpu= --memory= --pods= --labels= --taints= --kube-reserved= --system-reserved= --cold --shutdown-grace-period= --shutdown-grace-period-critical-pods= --swap= --fail-swap-on= --swap-behavior=',
  'node shutdown': '--grace= --critical-grace= --by-priority=',
  'pod crash': '-c --container= -n --namespace=',
  'pod fail-readiness': '-c --container= -n --namespace= --for=',
  'pod evict': '-n --namespace= --grace-period=',
  'storageclass add': '--provisioner= --binding-mode= --reclaim-policy= --allow-volume-expansion --default',
  load: '--cpu= --off -n --namespace=',
  'explain scheduling': '-n --namespace=',
};

export interface FlagInfo {
  /** Without dashes: `namespace`. */
  name: string;
  short?: string;
  takesValue: boolean;
}

/** Reads the notation above. */
export function parseFlagList(text: string): FlagInfo[] {
  const out: FlagInfo[] = [];
  let short: string | undefined;
  for (const token of text.split(/\s+/).filter(Boolean)) {
    if (token.startsWith('--')) {
      const takesValue = token.endsWith('=');
      const name = takesValue ? token.slice(2, -1) : token.slice(2);
      out.push(short === undefined ? { name, takesValue } : { name, short, takesValue });
      short = undefined;
    } else short = token.slice(1);
  }
  return out;
}
