// A container's filesystem as the simulated processes see it: a flat map of absolute paths to
// files and directories, created fresh for every container instance (a restarted container gets
// a new writable layer, so `/tmp/healthy` from the previous instance is gone, as in a real
// runtime). Only what the docs' commands touch is modelled: no permissions, links or mtimes.
//
// Error texts are busybox's (`cat: can't open 'X': No such file or directory`); the helpers
// return an errno-style reason and the applets format it.

export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';
export const NAMESPACE_FILE = `${SERVICE_ACCOUNT_DIR}/namespace`;
export const CLUSTER_DNS_IP = '10.96.0.10';

export type FsError = 'No such file or directory' | 'Is a directory' | 'Not a directory' | 'File exists' | 'Directory not empty';

type Node = { kind: 'dir' } | { kind: 'file'; content: string };

export interface FsInit {
  namespace: string;
  hostname: string;
  /** Extra files (e.g. mounted ConfigMap keys), absolute path → content; parents are created. */
  files?: Readonly<Record<string, string>>;
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
  '/var/run/secrets',
  '/var/run/secrets/kubernetes.io',
  SERVICE_ACCOUNT_DIR,
];

/** Normalises a path against `/` (the only working directory): collapses `.`, `..` and `//`. */
export function normalizePath(path: string): string {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return `/${out.join('/')}`;
}

const parentOf = (p: string) => (p === '/' ? '/' : p.slice(0, p.lastIndexOf('/')) || '/');

export class ContainerFS {
  private tree?: Map<string, Node>;

  // Most containers never touch their filesystem (servers, sleeps): it is built on first use, so
  // idle containers cost a reference, not a map of files.
  constructor(private readonly init: FsInit) {}

  private get nodes(): Map<string, Node> {
    if (!this.tree) {
      this.tree = new Map<string, Node>([['/', { kind: 'dir' }]]);
      this.populate(this.init);
    }
    return this.tree;
  }

  private populate(init: FsInit): void {
    for (const d of BASE_DIRS) this.nodes.set(d, { kind: 'dir' });
    this.put('/etc/hostname', `${init.hostname}\n`);
    this.put('/etc/hosts', `127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n`);
    this.put(
      '/etc/resolv.conf',
      `search ${init.namespace}.svc.cluster.local svc.cluster.local cluster.local\nnameserver ${CLUSTER_DNS_IP}\noptions ndots:5\n`,
    );
    // The namespace file has no trailing newline, as the projected service-account volume writes it.
    this.put(NAMESPACE_FILE, init.namespace);
    for (const [path, content] of Object.entries(init.files ?? {})) {
      this.mkdir(parentOf(normalizePath(path)), true);
      this.put(normalizePath(path), content);
    }
  }

  private put(path: string, content: string): void {
    this.nodes.set(path, { kind: 'file', content });
  }

  kind(path: string): 'file' | 'dir' | undefined {
    return this.nodes.get(normalizePath(path))?.kind;
  }

  /** `/dev/null` reads as empty and swallows writes. */
  read(path: string): { ok: true; content: string } | { ok: false; error: FsError } {
    const p = normalizePath(path);
    if (p === '/dev/null') return { ok: true, content: '' };
    const node = this.nodes.get(p);
    if (!node) return { ok: false, error: 'No such file or directory' };
    if (node.kind === 'dir') return { ok: false, error: 'Is a directory' };
    return { ok: true, content: node.content };
  }

  /** Writes (or appends to) a file; the parent directory must exist. */
  write(path: string, content: string, append: boolean): FsError | undefined {
    const p = normalizePath(path);
    if (p === '/dev/null' || p === '/dev/stdout' || p === '/dev/stderr') return undefined;
    const node = this.nodes.get(p);
    if (node?.kind === 'dir') return 'Is a directory';
    const parent = this.nodes.get(parentOf(p));
    if (!parent) return 'No such file or directory';
    if (parent.kind !== 'dir') return 'Not a directory';
    this.put(p, append && node ? node.content + content : content);
    return undefined;
  }

  /** `touch`: creates an empty file if missing (contents of an existing one are kept). */
  touch(path: string): FsError | undefined {
    const p = normalizePath(path);
    if (this.nodes.has(p)) return undefined;
    return this.write(p, '', false);
  }

  mkdir(path: string, parents: boolean): FsError | undefined {
    const p = normalizePath(path);
    const node = this.nodes.get(p);
    if (node) return parents && node.kind === 'dir' ? undefined : 'File exists';
    const parent = parentOf(p);
    const pnode = this.nodes.get(parent);
    if (!pnode) {
      if (!parents) return 'No such file or directory';
      const err = this.mkdir(parent, true);
      if (err) return err;
    } else if (pnode.kind !== 'dir') return 'Not a directory';
    this.nodes.set(p, { kind: 'dir' });
    return undefined;
  }

  remove(path: string, recursive: boolean): FsError | undefined {
    const p = normalizePath(path);
    const node = this.nodes.get(p);
    if (!node) return 'No such file or directory';
    if (node.kind === 'dir') {
      if (!recursive) return 'Is a directory';
      for (const key of [...this.nodes.keys()]) if (key.startsWith(`${p}/`)) this.nodes.delete(key);
    }
    if (p !== '/') this.nodes.delete(p);
    return undefined;
  }

  /** Names directly inside a directory, sorted (busybox ls order for ASCII names). */
  list(path: string): string[] | undefined {
    const p = normalizePath(path);
    if (this.nodes.get(p)?.kind !== 'dir') return undefined;
    const prefix = p === '/' ? '/' : `${p}/`;
    const names: string[] = [];
    for (const key of this.nodes.keys()) {
      if (key !== p && key.startsWith(prefix) && !key.slice(prefix.length).includes('/')) names.push(key.slice(prefix.length));
    }
    return names.sort();
  }
}
