// The volume manager's per-pod state (pkg/kubelet/volumemanager): which of the pod's volumes are
// set up, their storage, and the mount retry back-off of the ones that failed. It outlives the
// pod's containers (a restarted container mounts the same emptyDir) and goes with the pod.
//
// Failures: the reconciler retries a failed SetUp with exponential back-off (500 ms doubling to
// 2m2s, goroutinemap/exponentialbackoff) and records `FailedMount` each time; the pod's sync waits
// for its volumes up to 2m3s (podAttachAndMountTimeout) and then records `Unable to attach or
// mount volumes: …` and fails, to be retried after the worker's error back-off.
//
// Remount: configMap, secret, downwardAPI and projected volumes are set up again (RequiresRemount)
// when the pod worker asks — after a mounted object or the pod's metadata changed — which is how a
// changed ConfigMap reaches mounted files.

import type { KObject } from '../../../k8s/types';
import { FileTree, joinPath, normalizePath } from '../container/file-tree';
import type { Mount } from '../container/fs';
import { findVolumePlugin } from './registry';
import type { VolumeHost, VolumePlugin } from './types';
import { StringInterner } from '../../runtime/string-interner';
import { SmallMap } from '../../runtime/small-map';

/** Every pod mounts its token at the same path: one string for all of them. */
const mountPaths = new StringInterner(1_000);

export const MOUNT_RETRY_INITIAL_MS = 500;
export const MOUNT_RETRY_MAX_MS = 122_000;
/** podAttachAndMountTimeout: how long one pod sync waits for its volumes. */
export const POD_ATTACH_AND_MOUNT_TIMEOUT_MS = 123_000;

interface MountedVolume {
  readonly plugin: VolumePlugin | undefined;
  readonly tree: FileTree;
  readonly root: string;
}

interface FailedVolume {
  message: string;
  /** Not failed but waiting (SetUpResult.pending): the populator has not added it yet. */
  pending: boolean;
  retryDelayMs: number;
  nextRetryMs: number;
}

export interface MountAttempt {
  /** Every volume is set up. */
  readonly ready: boolean;
  /** SetUp failures of this attempt: volume name → message (each is a FailedMount event). */
  readonly failures: ReadonlyArray<{ volume: string; message: string }>;
  /** When the next failed volume may be retried (Infinity when ready). */
  readonly nextRetryMs: number;
  /** Names of the volumes not set up, in spec order. */
  readonly unmounted: readonly string[];
  /** Those of them the kubelet could not even process yet (an unbound claim): `failed to process volumes`. */
  readonly unprocessed: readonly string[];
}

export class PodVolumes {
  /** Set-up volumes by name: most pods have one (their service-account token). */
  private readonly mounted = new SmallMap<MountedVolume>();
  /** Volumes whose SetUp failed (created on the first failure: most pods have none). */
  private failed?: Map<string, FailedVolume>;

  /**
   * Sets up every volume not set up yet whose retry is due; with `remount`, sets up again the
   * mounted ones that require it (their files are rewritten in place).
   */
  setUp(host: VolumeHost, pod: KObject, remount: boolean): MountAttempt {
    const now = host.now();
    const failures: { volume: string; message: string }[] = [];
    const unmounted: string[] = [];
    const unprocessed: string[] = [];
    let nextRetryMs = Infinity;
    for (const volume of (pod.spec?.volumes ?? []) as any[]) {
      const name: string = volume?.name;
      const existing = this.mounted.get(name);
      if (existing) {
        if (remount && existing.plugin?.requiresRemount) this.remount(host, pod, volume, existing);
        continue;
      }
      const failed = this.failed?.get(name);
      if (failed && failed.nextRetryMs > now) {
        unmounted.push(name);
        if (failed.pending) unprocessed.push(name);
        nextRetryMs = Math.min(nextRetryMs, failed.nextRetryMs);
        continue;
      }
      const plugin = findVolumePlugin(volume);
      const result = plugin ? plugin.setUp(host, pod, volume) : unservedSource();
      if (result.ok) {
        this.failed?.delete(name);
        if ('files' in result) {
          const tree = new FileTree();
          tree.replaceAll(result.files);
          this.mounted.set(name, { plugin, tree, root: '/' });
        } else {
          this.mounted.set(name, { plugin, tree: result.tree, root: normalizePath(result.root ?? '/') });
        }
        continue;
      }
      const delay = failed && !result.pending ? Math.min(failed.retryDelayMs * 2, MOUNT_RETRY_MAX_MS) : MOUNT_RETRY_INITIAL_MS;
      const pending = result.pending === true;
      (this.failed ??= new Map()).set(name, { message: result.message, pending, retryDelayMs: delay, nextRetryMs: now + delay });
      if (!pending) failures.push({ volume: name, message: result.message });
      unmounted.push(name);
      if (pending) unprocessed.push(name);
      nextRetryMs = Math.min(nextRetryMs, now + delay);
    }
    return { ready: unmounted.length === 0, failures, nextRetryMs, unmounted, unprocessed };
  }

  /** The pod's volumes as `container` mounts them (volumeMounts[], subPath, readOnly). */
  mountsFor(container: any): Mount[] {
    const mounts: Mount[] = [];
    for (const vm of (container?.volumeMounts ?? []) as any[]) {
      const volume = this.mounted.get(vm?.name);
      if (!volume || typeof vm.mountPath !== 'string') continue;
      const subPath: string = typeof vm.subPath === 'string' ? vm.subPath : '';
      let tree = volume.tree;
      let root = volume.root;
      if (subPath !== '') {
        root = joinPath(root, subPath);
        // A subPath of projected files is a bind mount of what was there: later updates never reach it.
        if (volume.plugin?.requiresRemount) tree = tree.clone();
        // The kubelet creates a missing subPath directory in the volume.
        else if (!tree.get(root)) tree.mkdirs(root);
      }
      const readOnly = vm.readOnly === true || volume.plugin?.readOnly === true;
      mounts.push({ path: mountPaths.intern(normalizePath(vm.mountPath)), tree, root, readOnly });
    }
    // An exact-size copy: the container keeps this list, and one grown by push has room for 16 more.
    return mounts.slice();
  }

  private remount(host: VolumeHost, pod: KObject, volume: any, mounted: MountedVolume): void {
    const result = mounted.plugin!.setUp(host, pod, volume);
    // A failed remount (the ConfigMap was deleted) keeps the files last written, as the kubelet does.
    if (result.ok && 'files' in result) mounted.tree.replaceAll(result.files);
  }
}

/**
 * A source this simulation has no backend for (nfs, csi, cloud disks…): its storage is an empty,
 * writable directory that lives with the pod, so the pod still runs.
 */
function unservedSource(): { ok: true; tree: FileTree; root?: string } {
  return { ok: true, tree: new FileTree() };
}
