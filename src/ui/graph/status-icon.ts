// status-icon: the shape that goes with a status colour, so a status reads without colour too
// (and CrashLoopBackOff, a restart loop, is told from ImagePullBackOff, an image that does not
// come). Shapes are drawn as tiny SVG paths (StatusIcon.tsx), not font glyphs, so they look the
// same on every machine.

import type { PodTone } from './model';

export type StatusIconName = 'check' | 'done' | 'clock' | 'half' | 'loop' | 'pull' | 'cross' | 'memory' | 'stop' | 'question';

const PULL = new Set(['ImagePullBackOff', 'ErrImagePull', 'InvalidImageName', 'ErrImageNeverPull']);

/** The icon for a STATUS as kubectl prints it, in its colour family `tone`. */
export function statusIcon(status: string, tone: PodTone): StatusIconName {
  switch (tone) {
    case 'ok':
      return 'check';
    case 'done':
      return 'done';
    case 'terminating':
      return 'stop';
    case 'unknown':
      return 'question';
    case 'warn':
      return status === 'Running' || status === 'NotReady' ? 'half' : 'clock';
    case 'bad':
      if (status === 'CrashLoopBackOff' || status.startsWith('Init:CrashLoopBackOff')) return 'loop';
      if (PULL.has(status) || PULL.has(status.replace(/^Init:/, ''))) return 'pull';
      if (status === 'OOMKilled' || status === 'Init:OOMKilled') return 'memory';
      return 'cross';
  }
}

/** SVG path data on a 10×10 box, stroked. */
export const ICON_PATHS: Record<StatusIconName, string> = {
  check: 'M2 5.2 4.2 7.4 8.2 2.8',
  done: 'M1.5 5.2 3.5 7.4 7 3M4.8 6.6 5.6 7.4 9 3',
  clock: 'M5 1.5a3.5 3.5 0 1 0 0.01 0M5 3v2.2l1.6 1',
  half: 'M5 1.5a3.5 3.5 0 1 0 0.01 0M5 1.5v7',
  loop: 'M8.3 4.2A3.4 3.4 0 1 0 7.4 7.6M8.6 1.8 8.3 4.2 6 3.9',
  pull: 'M5 1.5v5M2.8 4.6 5 6.8 7.2 4.6M2 8.5h6',
  cross: 'M2.5 2.5l5 5M7.5 2.5l-5 5',
  memory: 'M2 3h6v4H2zM3.5 3v4M6.5 3v4',
  stop: 'M2.5 5h5',
  question: 'M3.4 3.6a1.7 1.7 0 1 1 2.4 1.5C5.2 5.4 5 5.8 5 6.5M5 8.2v0.3',
};
