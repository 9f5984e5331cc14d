// The kubectl verbs this build implements. Later issues add theirs here.

import type { KubectlCommand } from '../kubectl';
import { applyFlags, runApply } from './apply';
import { createFlags, runCreate } from './create';
import { deleteFlags, runDelete } from './delete';
import { getFlags, runGet } from './get';
import { runWait, waitFlags } from './wait';

export const commands: Record<string, KubectlCommand> = {
  apply: { flags: applyFlags, run: runApply },
  create: { flags: createFlags, run: runCreate },
  delete: { flags: deleteFlags, run: runDelete },
  get: { flags: getFlags, run: runGet },
  wait: { flags: waitFlags, run: runWait },
};
