// kubectl debug: ephemeral containers added through pods/ephemeralcontainers, their names and
// profiles, kubectl's validation messages and the playground's notes.

import { describe, expect, it } from 'vitest';
import { harness } from './pod-commands-testing';

const LEGACY =
  '--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".\n';

function withPod() {
  const h = harness();
  h.pod('web', { nodeName: 'node-a1', containers: [{ name: 'nginx', image: 'nginx' }] });
  const get = () => h.env.api.get(h.env.registry.resolveResource('pods')!, 'default', 'web');
  return { ...h, get };
}

describe('kubectl debug', () => {
  it('adds a debugger-xxxxx ephemeral container (legacy profile by default)', () => {
    const h = withPod();
    const result = h.run('kubectl debug web --image=busybox');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(LEGACY);
    const match = /^Defaulting debug container name to (debugger-[bcdfghjklmnpqrstvwxz2456789]{5})\.\n$/.exec(result.stdout);
    expect(match).not.toBeNull();
    expect(h.get().spec.ephemeralContainers).toEqual([
      {
        name: match![1],
        image: 'busybox',
        imagePullPolicy: 'Always',
        resources: {},
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
      },
    ]);
  });

  it('uses -c, --target, the command, the profile, and appends after existing ones', () => {
    const h = withPod();
    h.run('kubectl debug web --image=busybox -c first --profile=baseline');
    expect(h.run('kubectl debug web --image=busybox:1.36 -c dbg --target=nginx --profile=general -- sh -c "echo hi"')).toEqual({
      code: 0,
      stdout:
        'Targeting container "nginx". If you don\'t see processes from this container it may be because the container runtime doesn\'t support this feature.\n',
      stderr: '',
    });
    const ecs = h.get().spec.ephemeralContainers;
    expect(ecs.map((c: { name: string }) => c.name)).toEqual(['first', 'dbg']);
    expect(ecs[1]).toMatchObject({
      command: ['sh', '-c', 'echo hi'],
      targetContainerName: 'nginx',
      securityContext: { capabilities: { add: ['SYS_PTRACE'] } },
    });
    // The patch merges into the existing container of that name, which may not change.
    expect(h.run('kubectl debug web --image=busybox -c dbg --profile=general').stderr).toMatch(
      /^The Pod "web" is invalid: spec\.ephemeralContainers: Forbidden: existing ephemeral containers "dbg" may not be changed\n/,
    );
    expect(h.run('kubectl debug web --image=busybox -c nginx --profile=general').stderr).toBe(
      'The Pod "web" is invalid: spec.ephemeralContainers[2].name: Duplicate value: "nginx"\n',
    );
  });

  it('-it adds the container and explains that the playground cannot attach', () => {
    const h = withPod();
    expect(h.run('kubectl debug -it web --image=busybox -c shell --profile=general')).toEqual({
      code: 0,
      stdout: '',
      stderr:
        'Attaching is not supported in the playground: the ephemeral container "shell" was added to pod/web and runs on its own, but no terminal can be connected to it.\n' +
        'To see what it prints, run: kubectl logs web -c shell\n',
    });
    expect(h.get().spec.ephemeralContainers[0]).toMatchObject({ stdin: true, tty: true });
  });

  it('refuses what kubectl refuses, and what the playground cannot do', () => {
    const h = withPod();
    const fail = (stderr: string, stdout = '') => ({ code: 1, stdout, stderr });
    expect(h.run('kubectl debug web')).toEqual(fail('error: you must specify --image when not using --copy-to.\n'));
    expect(h.run('kubectl debug web --image=busybox --profile=foo')).toEqual(fail('error: unknown profile: foo\n'));
    expect(h.run('kubectl debug --image=busybox')).toEqual(fail('error: NAME or filename is required for debug\n'));
    expect(h.run('kubectl debug web --image=busybox -t')).toEqual(
      fail('error: -i/--stdin is required for containers with -t/--tty=true\n'),
    );
    expect(h.run('kubectl debug web --image=busybox --replace')).toEqual(
      fail('error: --replace may only be used with --copy-to.\n'),
    );
    expect(h.run('kubectl debug nope --image=busybox')).toEqual(
      fail(`${LEGACY}Error from server (NotFound): pods "nope" not found\n`),
    );
    expect(h.run('kubectl debug web --image=busybox --copy-to=web-copy --profile=general')).toEqual(
      fail(
        'error: --copy-to is not supported in the playground; add an ephemeral container to the running pod instead: kubectl debug web --image=busybox\n',
      ),
    );
  });
});
