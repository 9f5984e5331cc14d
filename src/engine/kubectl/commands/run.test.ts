// kubectl run: the Pod it builds (checked against kubectl's generator output), creation, dry runs,
// validation errors and the playground's answer to attach flags.

import { describe, expect, it } from 'vitest';
import { harness } from './pod-commands-testing';

const ok = (stdout: string, stderr = '') => ({ code: 0, stdout, stderr });
const fail = (stderr: string, stdout = '') => ({ code: 1, stdout, stderr });

describe('kubectl run', () => {
  it('prints the pod kubectl builds', () => {
    expect(harness().run('kubectl run x --image=nginx --dry-run=client -o yaml')).toEqual(
      ok(
        'apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    run: x\n  name: x\nspec:\n  containers:\n  - image: nginx\n    name: x\n    resources: {}\n  dnsPolicy: ClusterFirst\n  restartPolicy: Always\nstatus: {}\n',
      ),
    );
  });

  it('sets command, env, ports, labels, annotations, pull policy and restart policy from flags', () => {
    const h = harness();
    expect(
      h.run(
        'kubectl run x --image=nginx --dry-run=client -o yaml --restart=Never --port=80 --env=A=b --env=C=d --labels=a=b,c=d --image-pull-policy=Always --annotations=note=hi --privileged --command -- sleep 10',
      ),
    ).toEqual(
      ok(
        [
          'apiVersion: v1',
          'kind: Pod',
          'metadata:',
          '  annotations:',
          '    note: hi',
          '  labels:',
          '    a: b',
          '    c: d',
          '  name: x',
          'spec:',
          '  containers:',
          '  - command:',
          '    - sleep',
          '    - "10"',
          '    env:',
          '    - name: A',
          '      value: b',
          '    - name: C',
          '      value: d',
          '    image: nginx',
          '    imagePullPolicy: Always',
          '    name: x',
          '    ports:',
          '    - containerPort: 80',
          '    resources: {}',
          '    securityContext:',
          '      privileged: true',
          '  dnsPolicy: ClusterFirst',
          '  restartPolicy: Never',
          'status: {}',
          '',
        ].join('\n'),
      ),
    );
    expect(h.run('kubectl run x --image=busybox -o jsonpath={.spec.containers[0].args} --dry-run=client -- echo hi')).toEqual(
      ok('["echo","hi"]'),
    );
  });

  it('creates the pod, defaulted by the server', () => {
    const h = harness();
    expect(h.run('kubectl run web --image=nginx:1.27 --port=80')).toEqual(ok('pod/web created\n'));
    const pod = h.env.api.get(h.env.registry.resolveResource('pods')!, 'default', 'web');
    expect(pod.metadata.labels).toEqual({ run: 'web' });
    expect(pod.spec.containers[0]).toMatchObject({
      name: 'web',
      image: 'nginx:1.27',
      ports: [{ containerPort: 80, protocol: 'TCP' }],
    });
    expect(h.run('kubectl run web --image=nginx:1.27')).toEqual(
      fail('Error from server (AlreadyExists): pods "web" already exists\n'),
    );
    expect(h.run('kubectl run other --image=nginx -o name')).toEqual(ok('pod/other\n'));
    expect(h.run('kubectl run dry --image=nginx --dry-run=server')).toEqual(ok('pod/dry created (server dry run)\n'));
    expect(h.run('kubectl run dry --image=nginx --dry-run=client')).toEqual(ok('pod/dry created (dry run)\n'));
    expect(h.env.api.tryGet(h.env.registry.resolveResource('pods')!, 'default', 'dry')).toBeUndefined();
  });

  it('applies --overrides as a merge patch', () => {
    expect(
      harness().run(
        `kubectl run x --image=nginx --restart=OnFailure --dry-run=client -o yaml --overrides='{"spec":{"nodeName":"n1","containers":[{"name":"x","image":"busybox"}]}}'`,
      ),
    ).toEqual(
      ok(
        'apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    run: x\n  name: x\nspec:\n  containers:\n  - image: busybox\n    name: x\n    resources: {}\n  dnsPolicy: ClusterFirst\n  nodeName: n1\n  restartPolicy: OnFailure\nstatus: {}\n',
      ),
    );
    expect(harness().run('kubectl run x --image=nginx --overrides=notjson')).toEqual(fail('error: Invalid JSON Patch\n'));
  });

  it('refuses bad flags the way kubectl does', () => {
    const h = harness();
    const hint = "See 'kubectl run -h' for help and examples\n";
    expect(h.run('kubectl run x')).toEqual(fail('error: required flag(s) "image" not set\n'));
    expect(h.run('kubectl run --image=nginx')).toEqual(fail(`error: NAME is required for run\n${hint}`));
    expect(h.run('kubectl run x --image=nginx --restart=Foo')).toEqual(fail(`error: invalid restart policy: Foo\n${hint}`));
    expect(h.run('kubectl run x --image=nginx --rm')).toEqual(
      fail(`error: --rm should only be used for attached containers\n${hint}`),
    );
    expect(h.run('kubectl run x --image=nginx -t')).toEqual(
      fail(`error: -i/--stdin is required for containers with -t/--tty=true\n${hint}`),
    );
    expect(h.run('kubectl run x --image=nginx -i --dry-run=client')).toEqual(
      fail(
        `error: --dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)\n${hint}`,
      ),
    );
    expect(h.run('kubectl run x --image=nginx --image-pull-policy=Foo')).toEqual(
      fail(`error: invalid image pull policy: Foo\n${hint}`),
    );
    expect(h.run('kubectl run x --image=nginx --expose')).toEqual(
      fail(`error: --port must be set when exposing a service\n${hint}`),
    );
    expect(h.run('kubectl run x --image=Nginx:Bad@')).toEqual(
      fail('error: Invalid image name "Nginx:Bad@": invalid reference format\n'),
    );
    expect(h.run('kubectl run x --image=nginx --env=FOO')).toEqual(fail('error: invalid env: FOO\n'));
    expect(h.run('kubectl run x --image=nginx --labels=a=b,c')).toEqual(fail('error: unexpected label spec: c\n'));
    expect(h.run('kubectl run x --image=nginx --port=abc')).toEqual(fail('error: strconv.Atoi: parsing "abc": invalid syntax\n'));
    expect(h.run('kubectl run x --image=nginx --annotations=foo')).toEqual(fail('Error: invalid annotations format: foo\n'));
    expect(h.run('kubectl run x --image=nginx --dry-run=bogus')).toEqual(
      fail('error: Invalid dry-run value (bogus). Must be "none", "server", or "client".\n'),
    );
    expect(h.run('kubectl run x --image=nginx -o wide')).toEqual(
      fail(
        'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n',
      ),
    );
    // The server refuses the name twice: as the pod's and as its container's.
    expect(h.run('kubectl run Bad --image=nginx').stderr).toMatch(
      /^The Pod "Bad" is invalid: \n\* metadata\.name: Invalid value: "Bad": .*\n\* spec\.containers\[0\]\.name: Invalid value: "Bad": /,
    );
  });

  it('-it creates the pod and explains that the playground cannot attach', () => {
    const h = harness();
    expect(h.run('kubectl run -it --rm shell --image=busybox --restart=Never -- sh')).toEqual(
      ok(
        'pod/shell created\n',
        'Attaching is not supported in the playground: pod/shell was created and runs on its own, but no terminal can be connected to it.\n' +
          'To see what it prints, run: kubectl logs shell\n' +
          '--rm was ignored: delete the pod yourself with: kubectl delete pod shell\n',
      ),
    );
    const pod = h.env.api.get(h.env.registry.resolveResource('pods')!, 'default', 'shell');
    expect(pod.spec.containers[0]).toMatchObject({ stdin: true, stdinOnce: true, tty: true, args: ['sh'] });
  });

  it('--expose creates a Service selecting the pod, printed first (or fails after the pod without the kind)', () => {
    const h = harness();
    if (!h.env.registry.forObject('v1', 'Service')) {
      expect(h.run('kubectl run web --image=nginx --port=80 --expose')).toEqual(
        fail('error: no matches for kind "Service" in version "v1"\n', 'pod/web created\n'),
      );
      return;
    }
    expect(h.run('kubectl run web --image=nginx --port=80 --expose')).toEqual(ok('service/web created\npod/web created\n'));
    const svc = h.env.api.get(h.env.registry.forObject('v1', 'Service')!, 'default', 'web');
    expect(svc.spec).toMatchObject({ selector: { run: 'web' }, ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }] });
  });
});
