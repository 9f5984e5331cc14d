// The kubelet's volume plugins (pkg/volume): one module per volume source, each turning a pod's
// `spec.volumes[]` entry into storage the pod's containers mount. A plugin either owns storage
// that outlives a container (an emptyDir's tree, a node's disk for hostPath, a
// PersistentVolume's data) or projects files the kubelet writes into a tree of its own
// (configMap, secret, downwardAPI, projected), which it writes again on remount so updates reach
// mounted files.

import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import type { FileTree, LazyText } from '../container/file-tree';

/** What a plugin may read: the API (the kubelet's watch-backed caches), its node, its clock. */
export interface VolumeHost {
  readonly api: ApiServer;
  readonly nodeName: string;
  readonly hostIP: string;
  /** The node's own filesystem, which outlives pods (hostPath volumes). */
  readonly nodeDisk: FileTree;
  now(): number;
  /** Wall-clock epoch of virtual time 0 (token timestamps). */
  readonly epochMs: number;
}

/** A projected file: its path inside the volume, content and mode (defaultMode or items[].mode). */
export interface ProjectedFile {
  /** The content, or how to compute it when first read. */
  readonly content: string | LazyText;
  readonly mode?: number;
}

export type ProjectedFiles = Map<string, ProjectedFile>;

export type SetUpResult =
  /** Storage the plugin owns: mounted at `root` (default `/`) of `tree`. */
  | { readonly ok: true; readonly tree: FileTree; readonly root?: string }
  /** Files the kubelet writes (atomically) into the volume's own tree. */
  | { readonly ok: true; readonly files: ProjectedFiles }
  /**
   * Not mounted: the kubelet records `FailedMount` with `MountVolume.SetUp failed for volume
   * "<name>" : <message>` and retries; the pod waits in ContainerCreating.
   */
  | {
      readonly ok: false;
      readonly message: string;
      /**
       * Not failed but not ready yet (a claim still unbound): retried every 500 ms without a
       * FailedMount event; only the pod's mount timeout is reported.
       */
      readonly pending?: boolean;
    };

export interface VolumePlugin {
  /** The field of a Volume that selects this plugin: `emptyDir`, `configMap`, … */
  readonly source: string;
  /**
   * Re-run SetUp on every pod sync (RequiresRemount): configMap, secret, downwardAPI and projected
   * volumes, so that changed objects reach mounted (non-subPath) files.
   */
  readonly requiresRemount: boolean;
  /** The volume's files are read-only to containers whatever volumeMounts[].readOnly says. */
  readonly readOnly: boolean;
  /** SetUp (and remount): `volume` is the pod's `spec.volumes[]` entry. */
  setUp(host: VolumeHost, pod: KObject, volume: any): SetUpResult;
}
