// emptyDir: a directory created empty when the pod is set up on the node and shared by all of its
// containers, init containers included; it lives as long as the pod stays on the node (a
// container restart keeps it; the pod's removal deletes it). The kubelet's volume manager keeps
// the tree per pod, so SetUp only has to make a new one.
//
// Not modelled: medium Memory counting against the container's memory, sizeLimit eviction.

import { FileTree } from '../container/file-tree';
import type { VolumePlugin } from './types';

export const emptyDirPlugin: VolumePlugin = {
  source: 'emptyDir',
  requiresRemount: false,
  readOnly: false,
  setUp: () => ({ ok: true, tree: new FileTree() }),
};
