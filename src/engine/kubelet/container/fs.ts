// A container's filesystem as the simulated processes see it: its own writable layer, created
// fresh for every container instance (a restarted container gets a new one, so `/tmp/healthy`
// from the previous instance is gone, as in a real runtime), with the pod's volumes mounted on
// top (the same FileTree for every container of the pod, init containers included).
//
// Error texts are busybox's (`cat: can't open 'X': No such file or directory`); the helpers
// return an errno-style reason and the applets format it.

import { FileTree, normalizePath, parentOf, joinPath, type FsError } from './file-tree';

export { normalizePath, type FsError } from './file-tree';

export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';
export const NAMESPACE_FILE = `${SERVICE_ACCOUNT_DIR}/namespace`;
export const CLUSTER_DNS_IP = '10.96.0.10';

/** A volume as one container mounts it (volumeMounts[]): `root` is the path inside the volume (subPath). */
export interface Mount {
  /** Absolute, normalised path in the container. */
  readonly path: string;
  readonly tree: FileTree;
  /** The volume's directory (or file) shown at `path`: `/`, or `/<subPath>`. */
  readonly root: string;
  readonly readOnly: boolean;
}

/** A file's text, or what makes it when the file system is first used (most containers never use it). */
export type HostsFileContent = string | { text(): string };

export interface FsInit {
  namespace: string;
  hostname: string;
  /** Extra files (tests), absolute path → content; parents are created. */
  files?: Readonly<Record<string, string>>;
  /**
   * The pod's volumes as this container mounts them. Undefined (processes started outside a
   * kubelet, in tests): the service-account namespace file is put in the container's own layer.
   */
  mounts?: readonly Mount[];
  /** The kubelet-managed /etc/hosts (dns/hosts-file.ts); a bare localhost file without one. */
  hostsFile?: HostsFileContent;
}

const BASE_DIRS = [
  '/bin',
  '/dev',
  '/etc',
  '/home',
  '/proc',
  '/root',
  '/sys',
  '/tmp',
  '/usr',
  '/usr/bin',
  '/usr/local',
  '/usr/local/bin',
  '/usr/sbin',
  '/var',
  '/var/log',
  '/var/run',
];

interface Resolved {
  tree: FileTree;
  path: string;
  readOnly: boolean;
}

export class ContainerFS {
  private layer?: FileTree;
  /** Longest mount path first, so the innermost mount wins. */
  private readonly mounts: readonly Mount[];
  // What the own layer is built from, kept in fields rather than as the FsInit object (one per
  // container, for as long as it runs).
  private readonly namespace: string;
  private readonly hostname: string;
  private readonly files: Readonly<Record<string, string>> | undefined;
  private readonly hostsFile: HostsFileContent | undefined;
  /** Started outside a kubelet (no mounts given): the namespace file is in the own layer. */
  private readonly ownNamespaceFile: boolean;

  // Most containers never touch their filesystem (servers, sleeps): it is built on first use, so
  // idle containers cost a reference, not a map of files.
  constructor(init: FsInit) {
    const mounts = init.mounts ?? [];
    // A copy only to sort: most containers have one mount (their service-account token).
    this.mounts = mounts.length > 1 ? [...mounts].sort((a, b) => b.path.length - a.path.length) : mounts;
    this.namespace = init.namespace;
    this.hostname = init.hostname;
    this.files = init.files;
    this.hostsFile = init.hostsFile;
    this.ownNamespaceFile = !init.mounts;
  }

  private get own(): FileTree {
    if (!this.layer) {
      this.layer = new FileTree();
      this.populate(this.layer);
    }
    return this.layer;
  }

  private populate(layer: FileTree): void {
    for (const d of BASE_DIRS) layer.setDir(d);
    layer.setFile('/etc/hostname', `${this.hostname}\n`);
    const hosts = this.hostsFile ?? `127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n`;
    layer.setFile('/etc/hosts', typeof hosts === 'string' ? hosts : hosts.text());
    layer.setFile(
      '/etc/resolv.conf',
      `search ${this.namespace}.svc.cluster.local svc.cluster.local cluster.local\nnameserver ${CLUSTER_DNS_IP}\noptions ndots:5\n`,
    );
    // The namespace file has no trailing newline, as the projected service-account volume writes it.
    if (this.ownNamespaceFile) layer.putFile(NAMESPACE_FILE, this.namespace);
    for (const [path, content] of Object.entries(this.files ?? {})) layer.putFile(path, content);
    // The runtime creates each mount point (a directory, or an empty file for a file subPath).
    for (const m of [...this.mounts].reverse()) {
      const target = this.resolve(parentOf(m.path), m);
      target.tree.mkdirs(target.path);
      const inside = m.tree.get(m.root);
      const point = joinPath(target.path, m.path.slice(m.path.lastIndexOf('/') + 1));
      if (!target.tree.get(point)) {
        if (inside?.kind === 'file') target.tree.setFile(point, '');
        else target.tree.setDir(point);
      }
    }
  }

  /** The tree and path a container path lives at (skipping the mount `except`, while creating it). */
  private resolve(path: string, except?: Mount): Resolved {
    const p = normalizePath(path);
    for (const m of this.mounts) {
      if (m === except) continue;
      if (p === m.path || p.startsWith(`${m.path}/`)) {
        return { tree: m.tree, path: joinPath(m.root, p.slice(m.path.length)), readOnly: m.readOnly };
      }
    }
    return { tree: this.own, path: p, readOnly: false };
  }

  kind(path: string): 'file' | 'dir' | undefined {
    const r = this.resolve(path);
    return r.tree.get(r.path)?.kind;
  }

  /** `/dev/null` reads as empty and swallows writes. */
  read(path: string): { ok: true; content: string } | { ok: false; error: FsError } {
    if (normalizePath(path) === '/dev/null') return { ok: true, content: '' };
    const r = this.resolve(path);
    const node = r.tree.get(r.path);
    if (!node) return { ok: false, error: 'No such file or directory' };
    if (node.kind === 'dir') return { ok: false, error: 'Is a directory' };
    return { ok: true, content: node.content };
  }

  /** Writes (or appends to) a file; the parent directory must exist. */
  write(path: string, content: string, append: boolean): FsError | undefined {
    const p = normalizePath(path);
    if (p === '/dev/null' || p === '/dev/stdout' || p === '/dev/stderr') return undefined;
    const r = this.resolve(p);
    const node = r.tree.get(r.path);
    if (node?.kind === 'dir') return 'Is a directory';
    const parent = r.tree.get(parentOf(r.path));
    if (!parent) return 'No such file or directory';
    if (parent.kind !== 'dir') return 'Not a directory';
    if (r.readOnly) return 'Read-only file system';
    r.tree.setFile(r.path, append && node ? node.content + content : content, node?.mode);
    return undefined;
  }

  /** `touch`: creates an empty file if missing (contents of an existing one are kept). */
  touch(path: string): FsError | undefined {
    const r = this.resolve(path);
    if (r.tree.get(r.path)) return r.readOnly ? 'Read-only file system' : undefined;
    return this.write(path, '', false);
  }

  mkdir(path: string, parents: boolean): FsError | undefined {
    const p = normalizePath(path);
    const r = this.resolve(p);
    const node = r.tree.get(r.path);
    if (node) return parents && node.kind === 'dir' ? undefined : 'File exists';
    const parent = parentOf(p);
    const pr = this.resolve(parent);
    const pnode = pr.tree.get(pr.path);
    if (!pnode) {
      if (!parents) return 'No such file or directory';
      const err = this.mkdir(parent, true);
      if (err) return err;
    } else if (pnode.kind !== 'dir') return 'Not a directory';
    if (r.readOnly) return 'Read-only file system';
    r.tree.setDir(r.path);
    return undefined;
  }

  remove(path: string, recursive: boolean): FsError | undefined {
    const p = normalizePath(path);
    const r = this.resolve(p);
    const node = r.tree.get(r.path);
    if (!node) return 'No such file or directory';
    if (r.readOnly) return 'Read-only file system';
    // A mount point is busy: its own directory stays (its content can go).
    const mountPoint = this.mounts.some((m) => m.path === p);
    if (node.kind === 'dir') {
      if (!recursive) return 'Is a directory';
      for (const name of r.tree.children(r.path)) r.tree.deleteTree(joinPath(r.path, name));
      if (mountPoint) return 'Device or resource busy';
      if (p !== '/') r.tree.delete(r.path);
      return undefined;
    }
    if (mountPoint) return 'Device or resource busy';
    r.tree.delete(r.path);
    return undefined;
  }

  /** Names directly inside a directory, sorted (busybox ls order for ASCII names). */
  list(path: string): string[] | undefined {
    const r = this.resolve(path);
    if (r.tree.get(r.path)?.kind !== 'dir') return undefined;
    return r.tree.children(r.path);
  }
}
