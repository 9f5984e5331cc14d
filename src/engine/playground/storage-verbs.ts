// `kubeplay storageclass add NAME`: adds a StorageClass the way a cluster administrator installs
// one, through the API server (so its validation answers a bad mode or policy). The playground's
// provisioners: `rancher.io/local-path` (a directory on the consumer's node, like kind's
// `standard`), `kubernetes.io/no-provisioner` (static PVs only) and any other name, simulated as an
// external provisioner of network volumes that every node can reach.

import { IS_DEFAULT_CLASS_ANNOTATION } from '../api/kinds/storageclass';
import type { Cluster } from '../cluster/cluster';
import { LOCAL_PATH_PROVISIONER } from '../cluster/default-storage-class';
import { parseFlags } from '../kubectl/flags';
import { UsageError } from './usage-error';

interface IO {
  out(text: string): void;
  err(text: string): void;
}

interface Host {
  cluster(): Cluster;
}

export function storageClassAdd(args: string[], io: IO, host: Host): number {
  const p = parseFlags(args, [
    { name: 'provisioner', type: 'string', default: LOCAL_PATH_PROVISIONER },
    { name: 'binding-mode', type: 'string', default: 'Immediate' },
    { name: 'reclaim-policy', type: 'string', default: 'Delete' },
    { name: 'allow-volume-expansion', type: 'bool' },
    { name: 'default', type: 'bool' },
  ]);
  if (p.args.length !== 1) throw new UsageError('expected exactly one NAME');
  const name = p.args[0];
  host.cluster().api.create({
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name, ...(p.flags.default ? { annotations: { [IS_DEFAULT_CLASS_ANNOTATION]: 'true' } } : {}) },
    provisioner: p.flags.provisioner as string,
    reclaimPolicy: p.flags['reclaim-policy'] as string,
    volumeBindingMode: p.flags['binding-mode'] as string,
    ...(p.flags['allow-volume-expansion'] ? { allowVolumeExpansion: true } : {}),
  });
  io.out(`storageclass.storage.k8s.io/${name} created\n`);
  return 0;
}
