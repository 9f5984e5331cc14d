// Public surface of a running simulation, shared by the Worker, the CLI and tests.

import type { KObject } from '../k8s/types';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** One committed write, delivered to watchers in resourceVersion order. */
export interface WatchEvent {
  type: WatchEventType;
  object: KObject;
  /** The object before this write (MODIFIED / DELETED), as an informer would know it. */
  oldObject?: KObject;
  resourceVersion: number;
}

export type OutputStream = 'stdout' | 'stderr';

/** Receives everything a console prints, in order. */
export type OutputSink = (text: string, stream: OutputStream) => void;

/** A terminal's editor: `kubectl edit` hands it the live objects (the UI's manifest editor). */
export type EditorSink = (objects: KObject[]) => void;

/**
 * A terminal attached to the simulation: the UI console and the CLI transcript each own one.
 * Output arrives through the sink given to openConsole(); a `-w` watch keeps printing as the
 * clock advances until interrupt() or the next command.
 */
export interface ConsoleSession {
  /** Runs one command line (`kubectl …`, `kubeplay …`, `sleep 30s`); returns its exit status. */
  run(line: string, stdin?: string): number;
  /** Like run() for an already split argv (the script runner parses quoting itself). */
  runArgv(argv: string[], stdin?: string): number;
  /**
   * Like run(), except that a `sleep` is not run at once: the host advances it in slices
   * (RunningCommand.advance) and can answer in between, or end it early with interrupt(). The
   * events on the way are the same as run()'s. Any other line runs to its end here.
   */
  begin?(line: string, stdin?: string): RunningCommand;
  /** Ctrl+C: ends a streaming watch. */
  interrupt(): void;
  /** Whether a watch is streaming. */
  readonly streaming: boolean;
}

/** A command begun with ConsoleSession.begin. */
export interface RunningCommand {
  /** The exit status once the command has ended; undefined while it runs. */
  readonly exitCode: number | undefined;
  /** Runs up to `maxMs` more of virtual time; true once the command has ended. */
  advance(maxMs: number): boolean;
  /** Ctrl+C: ends the command where it is (exit status 130). */
  interrupt(): void;
}
