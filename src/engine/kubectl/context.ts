// What a kubectl command gets: the cluster to talk to, where to print, and the terminal's stdin.

import type { KObject } from '../../k8s/types';
import type { ApiServer } from '../api/apiserver';
import type { KindRegistry } from '../api/kinds/registry';
import type { Clock } from '../clock/clock';
import type { KubeletApi } from '../kubelet/kubelet-api';

export interface KubectlIO {
  out(text: string): void;
  err(text: string): void;
  /** Standard input (a here-document), for `-f -`. */
  stdin?: string;
  /**
   * Keeps a streaming command (`get -w`) alive after it returns: `stop` is called on Ctrl+C or
   * when the next command starts. Calling the function it returns says the stream ended on its
   * own (`logs -f` when the containers exit), so the terminal is free again.
   */
  stream(stop: () => void): (() => void) | void;
  /**
   * Opens objects in the terminal's editor (the UI's manifest editor) for `kubectl edit`.
   * Absent: the terminal has no editor (the CLI).
   */
  openEditor?(objects: KObject[]): void;
}

export interface KubectlEnv {
  api: ApiServer;
  clock: Clock;
  registry: KindRegistry;
  /** Reads a manifest named by `-f` (a bundled example URL, or a local file in the CLI). */
  readManifest(path: string): string | undefined;
  /** The version kubectl and the server report. */
  version: { gitVersion: string; major: string; minor: string };
  /**
   * What the API server reaches through the nodes' kubelets (container logs). Absent: every
   * kubelet is unreachable, and `kubectl logs` fails the way the API server's proxy does.
   */
  kubelets?: KubeletApi;
}

/** A failure already phrased for the user (printed as `error: <message>`). */
export class KubectlError extends Error {
  constructor(
    message: string,
    /** Extra lines printed after the error, like `See 'kubectl get -h' for help and examples`. */
    readonly hint?: string,
    /** What the command printed on stdout before failing (a go-template's debugging dump). */
    readonly printed?: { stdout: string },
  ) {
    super(message);
  }
}
