// A command whose output cannot be one string (`kubectl get pods -o json` of 150,000 pods is about
// 1.2 GB of text; V8 strings stop at 2^29 − 24 characters) ends with a kubectl-style error and
// status 1, not an internal error that stops the script.

import { afterEach, describe, expect, it } from 'vitest';
import { Simulation } from '../simulation';
import { commands } from './commands';
import { OUTPUT_TOO_LONG } from './kubectl';

describe('output longer than a string can hold', () => {
  afterEach(() => {
    delete commands['print-too-much'];
  });

  it('is refused with a message that says how to narrow it', () => {
    commands['print-too-much'] = {
      flags: [],
      run: (_parsed, io) => {
        // What JSON.stringify or a concatenation throws past the limit (reached here for real).
        io.out('x'.repeat(2 ** 29));
        return 0;
      },
    };
    const sim = new Simulation({ empty: true });
    let stdout = '';
    let stderr = '';
    const code = sim.openConsole((t, s) => (s === 'stdout' ? (stdout += t) : (stderr += t))).run('kubectl print-too-much');
    expect({ code, stdout, stderr }).toEqual({ code: 1, stdout: '', stderr: `${OUTPUT_TOO_LONG}\n` });
    expect(sim.openConsole(() => {}).run('kubectl get pods')).toBe(0);
  });
});
