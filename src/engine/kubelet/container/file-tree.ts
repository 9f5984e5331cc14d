// FileTree: one filesystem's files and directories as a flat map of absolute paths (`/` is its
// root). A container's own writable layer is one; so is each volume's storage (an emptyDir, a
// node's disk for hostPath, a ConfigMap's projected files), which the container sees through a
// mount. Only what the docs' commands touch is modelled: no permissions checks, links or mtimes;
// a file's mode is kept because volume sources set it (defaultMode, items[].mode).

import { Interner, StringInterner } from '../../runtime/string-interner';

export type FsError =
  | 'No such file or directory'
  | 'Is a directory'
  | 'Not a directory'
  | 'File exists'
  | 'Directory not empty'
  | 'Read-only file system'
  | 'Device or resource busy';

export type FsNode = { kind: 'dir' } | { kind: 'file'; content: string; mode?: number };

/** Already normal: `/` then segments, none empty, `.` or `..`. */
const NORMAL_PATH = /^(?:\/(?!\.\.?(?:\/|$))[^/]+)+$/;

/** Normalises a path against `/` (the only working directory): collapses `.`, `..` and `//`. */
export function normalizePath(path: string): string {
  if (path === '/' || NORMAL_PATH.test(path)) return path;
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  // Joined with a leading empty segment: one flat string (mount paths are kept for a container's life).
  return out.length === 0 ? '/' : ['', ...out].join('/');
}

export const parentOf = (p: string) => (p === '/' ? '/' : p.slice(0, p.lastIndexOf('/')) || '/');

/** `/a` + `/b/c` → `/a/b/c` (both normalised absolute paths). */
export const joinPath = (base: string, rest: string) => normalizePath(`${base}/${rest}`);

/** A directory has nothing but its kind: one frozen node serves every directory of every tree. */
const DIR: FsNode = Object.freeze({ kind: 'dir' });

const projectedPaths = new StringInterner(1_000);

/** Projected files longer than this get a node of their own (a shared one would keep the text). */
const SHARED_FILE_MAX_LENGTH = 16_384;
/** Projected file nodes by mode, then content (bounded: starts over when full). */
const projectedFiles = new Map<number | undefined, Interner<FsNode>>();

/**
 * A node for a projected file: file nodes are never changed (a write sets a new one), so every
 * pod's `ca.crt` and `namespace` of its token volume can be the same node.
 */
function projectedFileNode(content: string, mode: number | undefined): FsNode {
  if (content.length > SHARED_FILE_MAX_LENGTH) return fileNode(content, mode);
  let byContent = projectedFiles.get(mode);
  if (!byContent) projectedFiles.set(mode, (byContent = new Interner(1_000)));
  return byContent.getOrAdd(content, () => fileNode(content, mode));
}

function fileNode(content: string, mode: number | undefined): FsNode {
  return mode === undefined ? { kind: 'file', content } : { kind: 'file', content, mode };
}

/**
 * What computes a file's text when it is first read: an object holding just its inputs (a closure
 * would keep its whole scope, and costs a context besides).
 */
export interface LazyText {
  text(): string;
}

/**
 * A file node whose content is computed on first read. A class with a getter, not a plain node
 * with a property defined on it: such a node falls into dictionary mode (~250 B each).
 */
class LazyFile {
  readonly kind = 'file';
  private value: string | undefined;

  constructor(
    private source: LazyText | undefined,
    readonly mode: number | undefined,
  ) {}

  get content(): string {
    if (this.value === undefined) {
      this.value = this.source!.text();
      this.source = undefined;
    }
    return this.value;
  }
}

export class FileTree {
  private readonly nodes = new Map<string, FsNode>([['/', DIR]]);

  get(path: string): FsNode | undefined {
    return this.nodes.get(path);
  }

  /** Sets a file; parents must already exist (callers check, or use `putFile`). */
  setFile(path: string, content: string, mode?: number): void {
    this.nodes.set(path, fileNode(content, mode));
  }

  setDir(path: string): void {
    this.nodes.set(path, DIR);
  }

  /** Writes a file, creating its parent directories. */
  putFile(path: string, content: string, mode?: number): void {
    this.putNode(path, fileNode(content, mode));
  }

  /**
   * A file whose content is computed when first read (a service-account token: most containers
   * never read theirs, so it costs nothing until one does).
   */
  putLazyFile(path: string, source: LazyText, mode?: number): void {
    this.putNode(path, new LazyFile(source, mode));
  }

  /** Sets a node at `path`, making its parent directories. */
  private putNode(path: string, node: FsNode): void {
    const p = normalizePath(path);
    this.mkdirs(parentOf(p));
    this.nodes.set(p, node);
  }

  /** `mkdir -p` without checks (a file on the way is replaced: only the kubelet calls this). */
  mkdirs(path: string): void {
    const p = normalizePath(path);
    if (this.nodes.get(p)?.kind === 'dir') return;
    if (p !== '/') this.mkdirs(parentOf(p));
    this.nodes.set(p, DIR);
  }

  delete(path: string): void {
    if (path !== '/') this.nodes.delete(path);
  }

  /** Removes a directory's whole subtree (the directory itself too, unless it is the root). */
  deleteTree(path: string): void {
    const prefix = path === '/' ? '/' : `${path}/`;
    for (const key of [...this.nodes.keys()]) if (key.startsWith(prefix) && key !== '/') this.nodes.delete(key);
    this.delete(path);
  }

  /** Names directly inside a directory, sorted (busybox ls order for ASCII names). */
  children(path: string): string[] {
    const prefix = path === '/' ? '/' : `${path}/`;
    const names: string[] = [];
    for (const key of this.nodes.keys()) {
      if (key !== path && key.startsWith(prefix) && !key.slice(prefix.length).includes('/')) names.push(key.slice(prefix.length));
    }
    return names.sort();
  }

  /**
   * Replaces everything with `files` (relative path → content), as the kubelet's atomic writer
   * swaps a ConfigMap volume's `..data` to a new timestamped directory in one step.
   */
  replaceAll(files: ReadonlyMap<string, { content: string | LazyText; mode?: number }>): void {
    this.nodes.clear();
    this.nodes.set('/', DIR);
    for (const [path, f] of files) {
      // Every pod's token volume has the same few paths: one string each for all of them.
      const p = projectedPaths.intern(`/${path}`);
      if (typeof f.content === 'string') this.putNode(p, projectedFileNode(f.content, f.mode));
      else this.putLazyFile(p, f.content, f.mode);
    }
  }

  /** A copy (a subPath mount of a ConfigMap volume keeps the content it started with). */
  clone(): FileTree {
    const copy = new FileTree();
    for (const [k, v] of this.nodes) copy.nodes.set(k, v);
    return copy;
  }
}
