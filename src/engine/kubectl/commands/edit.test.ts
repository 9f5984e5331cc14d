// kubectl edit: kubectl's argument checks, the live object handed to a terminal's editor (the
// UI's manifest editor), and the CLI's explanation when there is none.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { Simulation } from '../../simulation';

function terminal(withEditor: boolean) {
  const sim = new Simulation({ seed: 1 });
  let stdout = '';
  let stderr = '';
  const opened: KObject[] = [];
  const session = sim.openConsole(
    (text, stream) => {
      if (stream === 'stdout') stdout += text;
      else stderr += text;
    },
    withEditor ? (objects) => opened.push(...objects) : undefined,
  );
  const run = (line: string) => {
    stdout = '';
    stderr = '';
    const code = session.run(line);
    return { code, stdout, stderr };
  };
  return { run, opened };
}

describe('kubectl edit', () => {
  it('opens the live object in the terminal editor', () => {
    const t = terminal(true);
    t.run('kubectl create deployment web --image=nginx');
    const result = t.run('kubectl edit deployment.v1.apps/web');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('deployment.apps/web opened in the Manifests editor');
    expect(t.opened.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['Deployment/web']);
    expect(t.opened[0].metadata.resourceVersion).toBeTruthy();
  });

  it('refuses as kubectl does before looking for an editor', () => {
    const t = terminal(true);
    expect(t.run('kubectl edit').stderr).toMatch(/^error: You must provide one or more resources by argument or filename\./);
    expect(t.run('kubectl edit pod nope')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error from server (NotFound): pods "nope" not found\n',
    });
    expect(t.opened).toEqual([]);
  });

  it('explains that a terminal without an editor cannot edit', () => {
    const t = terminal(false);
    const result = t.run('kubectl edit namespace default');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: kubectl edit opens namespace/default in a text editor');
  });
});
