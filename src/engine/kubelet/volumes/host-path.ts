// hostPath: a path of the node's own filesystem, so pods on one node share it and pods on another
// node see that node's files (the docs' warning about hostPath). Types as pkg/volume/hostpath
// checks them before mounting: '' (no check), DirectoryOrCreate / FileOrCreate (created if
// missing), Directory / File (must exist), and the device kinds, which a simulated node never has.

import { normalizePath } from '../container/file-tree';
import type { VolumePlugin } from './types';

export const hostPathPlugin: VolumePlugin = {
  source: 'hostPath',
  requiresRemount: false,
  readOnly: false,
  setUp: (host, _pod, volume) => {
    const path = normalizePath(String(volume.hostPath?.path ?? '/'));
    const type: string = volume.hostPath?.type ?? '';
    const disk = host.nodeDisk;
    const existing = disk.get(path);
    switch (type) {
      case 'DirectoryOrCreate':
        if (!existing) disk.mkdirs(path);
        else if (existing.kind !== 'dir') return { ok: false, message: `hostPath type check failed: ${path} is not a directory` };
        break;
      case 'FileOrCreate':
        if (!existing) disk.putFile(path, '');
        else if (existing.kind !== 'file') return { ok: false, message: `hostPath type check failed: ${path} is not a file` };
        break;
      case 'Directory':
        if (existing?.kind !== 'dir') return { ok: false, message: `hostPath type check failed: ${path} is not a directory` };
        break;
      case 'File':
        if (existing?.kind !== 'file') return { ok: false, message: `hostPath type check failed: ${path} is not a file` };
        break;
      case 'Socket':
        return { ok: false, message: `hostPath type check failed: ${path} is not a socket file` };
      case 'CharDevice':
        return { ok: false, message: `hostPath type check failed: ${path} is not a character device` };
      case 'BlockDevice':
        return { ok: false, message: `hostPath type check failed: ${path} is not a block device` };
      default:
        // No check: a missing path is created as a directory by the runtime's bind mount.
        if (!existing) disk.mkdirs(path);
    }
    return { ok: true, tree: disk, root: path };
  },
};
