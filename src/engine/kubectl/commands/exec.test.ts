// kubectl exec: kubectl's argument and pod checks, then the playground's explanation.

import { describe, expect, it } from 'vitest';
import { harness } from './pod-commands-testing';

const fail = (stderr: string, stdout = '') => ({ code: 1, stdout, stderr });

function withPods() {
  const h = harness();
  h.pod('web', {
    nodeName: 'node-a1',
    containers: [
      { name: 'nginx', image: 'nginx' },
      { name: 'sidecar', image: 'busybox' },
    ],
  });
  h.pod('pending', { containers: [{ name: 'c', image: 'nginx' }] });
  return h;
}

describe('kubectl exec', () => {
  it('checks arguments like kubectl', () => {
    const h = withPods();
    expect(h.run('kubectl exec')).toEqual(fail('error: pod, type/name or --filename must be specified\n'));
    expect(h.run('kubectl exec web')).toEqual(fail('error: you must specify at least one command for the container\n'));
    expect(h.run('kubectl exec web ls')).toEqual(
      fail(
        "error: exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead\nSee 'kubectl exec -h' for help and examples\n",
      ),
    );
    expect(h.run('kubectl exec -c')).toEqual(
      fail("Error: flag needs an argument: 'c' in -c\nSee 'kubectl exec --help' for usage.\n"),
    );
  });

  it('reports the missing pod, container and node as the API server does', () => {
    const h = withPods();
    expect(h.run('kubectl exec nope -- ls')).toEqual(fail('Error from server (NotFound): pods "nope" not found\n'));
    expect(h.run('kubectl exec web -c nope -- ls')).toEqual(
      fail('Error from server (BadRequest): container nope is not valid for pod web\n'),
    );
    expect(h.run('kubectl exec pending -- ls')).toEqual(
      fail('Error from server (BadRequest): pod pending does not have a host assigned\n'),
    );
    h.setStatus('pending', { phase: 'Succeeded' });
    expect(h.run('kubectl exec pending -- ls')).toEqual(
      fail('error: cannot exec into a container in a completed pod; current phase is Succeeded\n'),
    );
  });

  it('explains that exec is not available in the playground, after defaulting the container', () => {
    const h = withPods();
    expect(h.run('kubectl exec -it web -- sh -c "ls /"')).toEqual(
      fail(
        'Defaulted container "nginx" out of: nginx, sidecar\n' +
          'error: exec is not supported in the playground: containers here are simulated processes, with no shell to run "sh -c ls /" in.\n' +
          'To see what the container prints, run: kubectl logs web -c nginx\n' +
          'To run a command next to it, add a debug container: kubectl debug web --image=busybox --target=nginx -- sh -c ls /\n',
      ),
    );
  });
});
