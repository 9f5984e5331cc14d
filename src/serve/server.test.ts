import { describe, expect, it } from 'vitest';
import { request, serveForTest } from './testing';
import { startServer } from './server';

const POD = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', labels: { app: 'web' } },
  spec: { containers: [{ name: 'nginx', image: 'nginx:1.14.2' }] },
};

const DEPLOYMENT = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.14.2' }] } },
  },
};

describe('kubeplay serve: discovery and server info', () => {
  it('serves /version with the engine version, health checks and the legacy discovery lists', async () => {
    const server = await serveForTest();
    expect((await request(server, 'GET', '/version')).body).toMatchObject({ major: '1', minor: '34', gitVersion: 'v1.34.2' });
    for (const path of ['/healthz', '/readyz', '/livez']) {
      const res = await fetch(`${server.url}${path}`);
      expect([res.status, await res.text()]).toEqual([200, 'ok']);
    }
    expect((await request(server, 'GET', '/api')).body).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
    const groups = (await request(server, 'GET', '/apis')).body;
    expect(groups.kind).toBe('APIGroupList');
    const names = groups.groups.map((g: { name: string }) => g.name);
    expect(names.slice(0, 4)).toEqual(['apps', 'authorization.k8s.io', 'autoscaling', 'batch']);
    expect(names).toContain('coordination.k8s.io');
    expect((await request(server, 'GET', '/apis/apps')).body).toMatchObject({
      kind: 'APIGroup',
      preferredVersion: { groupVersion: 'apps/v1', version: 'v1' },
    });
    const core = (await request(server, 'GET', '/api/v1')).body;
    const pods = core.resources.find((r: { name: string }) => r.name === 'pods');
    expect(pods).toMatchObject({ singularName: 'pod', namespaced: true, kind: 'Pod', shortNames: ['po'], categories: ['all'] });
    expect(pods.group).toBeUndefined();
    const names2 = core.resources.map((r: { name: string }) => r.name);
    expect(names2).toEqual(
      expect.arrayContaining(['pods/log', 'pods/eviction', 'pods/binding', 'pods/status', 'namespaces/finalize']),
    );
    const apps = (await request(server, 'GET', '/apis/apps/v1')).body;
    expect(apps.resources.find((r: { name: string }) => r.name === 'deployments/scale')).toMatchObject({
      group: 'autoscaling',
      version: 'v1',
      kind: 'Scale',
    });
    expect((await request(server, 'GET', '/apis/nope.example.com')).status).toBe(404);
  });

  it('answers aggregated discovery when the Accept header asks for it (v2, else v2beta1)', async () => {
    const server = await serveForTest();
    const accept =
      'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json';
    const apis = await request(server, 'GET', '/apis', undefined, { Accept: accept });
    expect(apis.headers.get('content-type')).toBe('application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList');
    expect(apis.body.kind).toBe('APIGroupDiscoveryList');
    const apps = apis.body.items.find((g: { metadata: { name: string } }) => g.metadata.name === 'apps');
    const deployments = apps.versions[0].resources.find((r: { resource: string }) => r.resource === 'deployments');
    expect(deployments).toMatchObject({
      responseKind: { group: 'apps', version: 'v1', kind: 'Deployment' },
      scope: 'Namespaced',
      singularResource: 'deployment',
      shortNames: ['deploy'],
    });
    expect(deployments.subresources.map((s: { subresource: string }) => s.subresource)).toEqual(['scale', 'status']);
    const legacy = await request(server, 'GET', '/api', undefined, {
      Accept: 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json',
    });
    expect(legacy.body.apiVersion).toBe('apidiscovery.k8s.io/v2beta1');
    expect(legacy.body.items[0].versions[0].resources.some((r: { resource: string }) => r.resource === 'pods')).toBe(true);
  });

  it('serves OpenAPI v3 per group version with kinds, patch keys and the fieldValidation parameter, and v2 as JSON', async () => {
    const server = await serveForTest();
    const index = (await request(server, 'GET', '/openapi/v3')).body;
    expect(index.paths['apis/apps/v1'].serverRelativeURL).toMatch(/^\/openapi\/v3\/apis\/apps\/v1\?hash=[0-9A-F]+$/);
    const apps = (await request(server, 'GET', index.paths['apis/apps/v1'].serverRelativeURL)).body;
    const deployment = apps.components.schemas['io.k8s.api.apps.v1.Deployment'];
    expect(deployment['x-kubernetes-group-version-kind']).toEqual([{ group: 'apps', version: 'v1', kind: 'Deployment' }]);
    expect(apps.components.schemas['io.k8s.api.core.v1.PodSpec'].properties.containers).toMatchObject({
      'x-kubernetes-patch-strategy': 'merge',
      'x-kubernetes-patch-merge-key': 'name',
    });
    const patch = apps.paths['/apis/apps/v1/namespaces/{namespace}/deployments/{name}'].patch;
    expect(patch['x-kubernetes-group-version-kind']).toEqual({ group: 'apps', kind: 'Deployment', version: 'v1' });
    expect(patch.parameters.map((p: { name: string }) => p.name)).toContain('fieldValidation');
    const v2 = (await request(server, 'GET', '/openapi/v2', undefined, { Accept: 'application/json' })).body;
    expect(v2.swagger).toBe('2.0');
    expect(v2.definitions['io.k8s.api.core.v1.Pod'].properties.spec.$ref).toBe('#/definitions/io.k8s.api.core.v1.PodSpec');
    const protobufOnly = await request(server, 'GET', '/openapi/v2', undefined, {
      Accept: 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf',
    });
    expect(protobufOnly.status).toBe(406);
  });
});

describe('kubeplay serve: authorization reviews', () => {
  it('allows everything, and says so in the self reviews clients ask before offering an action', async () => {
    const server = await serveForTest();
    const names = (await request(server, 'GET', '/apis')).body.groups.map((g: { name: string }) => g.name);
    expect(names.indexOf('authorization.k8s.io')).toBeLessThan(names.indexOf('autoscaling'));
    const review = await request(server, 'POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectAccessReview',
      spec: { resourceAttributes: { verb: 'delete', resource: 'nodes' } },
    });
    expect(review.status).toBe(201);
    expect(review.body).toMatchObject({ spec: { resourceAttributes: { verb: 'delete' } }, status: { allowed: true } });
    const rules = await request(server, 'POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', {
      spec: { namespace: 'default' },
    });
    expect(rules.body.status.resourceRules).toEqual([{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }]);
    expect((await request(server, 'GET', '/apis/authorization.k8s.io/v1')).body.resources).toHaveLength(2);
  });
});

describe('kubeplay serve: resource verbs', () => {
  it('creates, gets, lists (selectors, limit and continue) and deletes objects', async () => {
    const server = await serveForTest();
    const created = await request(server, 'POST', '/api/v1/namespaces/default/pods', POD);
    expect(created.status).toBe(201);
    expect(created.body.metadata).toMatchObject({ name: 'web', namespace: 'default' });
    expect(created.body.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    const again = await request(server, 'POST', '/api/v1/namespaces/default/pods', POD);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ kind: 'Status', reason: 'AlreadyExists', message: 'pods "web" already exists' });
    expect((await request(server, 'GET', '/api/v1/namespaces/default/pods/web')).body.spec.containers[0].image).toBe(
      'nginx:1.14.2',
    );
    const missing = await request(server, 'GET', '/api/v1/namespaces/default/pods/nope');
    expect([missing.status, missing.body.message]).toEqual([404, 'pods "nope" not found']);

    const selected = await request(server, 'GET', '/api/v1/pods?labelSelector=app%3Dweb');
    expect(selected.body.kind).toBe('PodList');
    expect(selected.body.items.map((p: { metadata: { name: string } }) => p.metadata.name)).toEqual(['web']);
    expect((await request(server, 'GET', '/api/v1/pods?labelSelector=app%3Ddb')).body.items).toEqual([]);
    const badSelector = await request(server, 'GET', '/api/v1/pods?fieldSelector=spec.bogus%3Dx');
    expect([badSelector.status, badSelector.body.message]).toEqual([400, 'field label not supported: spec.bogus']);

    const first = (await request(server, 'GET', '/api/v1/nodes?limit=4')).body;
    expect(first.items).toHaveLength(4);
    expect(first.metadata.remainingItemCount).toBe(2);
    const rest = (await request(server, 'GET', `/api/v1/nodes?limit=4&continue=${encodeURIComponent(first.metadata.continue)}`))
      .body;
    expect(rest.items.map((n: { metadata: { name: string } }) => n.metadata.name)).toEqual(['node-c1', 'node-c2']);
    expect(rest.metadata.continue).toBeUndefined();
    expect((await request(server, 'GET', '/api/v1/nodes?continue=garbage')).status).toBe(400);

    const current = Number(first.metadata.resourceVersion);
    expect(
      (await request(server, 'GET', `/api/v1/nodes?resourceVersion=${current}&resourceVersionMatch=NotOlderThan`)).status,
    ).toBe(200);
    const exact = await request(server, 'GET', `/api/v1/nodes?resourceVersion=${current - 1}&resourceVersionMatch=Exact`);
    expect([exact.status, exact.body.reason]).toEqual([410, 'Expired']);
    const future = await request(server, 'GET', `/api/v1/nodes?resourceVersion=${current + 100}`);
    expect([future.status, future.body.message]).toEqual([
      504,
      `Timeout: Too large resource version: ${current + 100}, current: ${current}`,
    ]);
    const alone = await request(server, 'GET', '/api/v1/nodes?resourceVersionMatch=Exact');
    expect([alone.status, alone.body.message]).toEqual([
      422,
      'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided',
    ]);

    const deleted = await request(server, 'DELETE', '/api/v1/namespaces/default/pods/web', { gracePeriodSeconds: 0 });
    expect(deleted.status).toBe(200);
    expect((await request(server, 'GET', '/api/v1/namespaces/default/pods/web')).status).toBe(404);
  });

  it('answers a finished DELETE of a kind without ReturnDeletedObject with a Success Status', async () => {
    const server = await serveForTest();
    await request(server, 'POST', '/apis/apps/v1/namespaces/default/deployments', DEPLOYMENT);
    const deleted = await request(server, 'DELETE', '/apis/apps/v1/namespaces/default/deployments/web', {
      propagationPolicy: 'Background',
    });
    expect(deleted.body).toMatchObject({
      kind: 'Status',
      status: 'Success',
      details: { name: 'web', group: 'apps', kind: 'deployments' },
    });
    const precondition = await request(server, 'DELETE', '/api/v1/namespaces/default', { preconditions: { uid: 'x' } });
    expect(precondition.status).toBe(409);
  });

  it('applies every patch type, server-side apply included, and keeps dryRun writes out of the store', async () => {
    const server = await serveForTest();
    const path = '/apis/apps/v1/namespaces/default/deployments/web';
    const applied = await request(
      server,
      'PATCH',
      `${path}?fieldManager=kubectl&fieldValidation=Strict`,
      JSON.stringify(DEPLOYMENT),
      {
        'Content-Type': 'application/apply-patch+yaml',
      },
    );
    expect(applied.status).toBe(201);
    expect(applied.body.metadata.managedFields[0]).toMatchObject({
      manager: 'kubectl',
      operation: 'Apply',
      fieldsType: 'FieldsV1',
    });
    const reapplied = await request(
      server,
      'PATCH',
      `${path}?fieldManager=kubectl`,
      JSON.stringify({ ...DEPLOYMENT, spec: { ...DEPLOYMENT.spec, replicas: 3 } }),
      { 'Content-Type': 'application/apply-patch+yaml' },
    );
    expect([reapplied.status, reapplied.body.spec.replicas]).toEqual([200, 3]);
    const noManager = await request(server, 'PATCH', path, '{}', { 'Content-Type': 'application/apply-patch+yaml' });
    expect(noManager.status).toBe(422);

    const merged = await request(
      server,
      'PATCH',
      path,
      { spec: { replicas: 4 } },
      { 'Content-Type': 'application/merge-patch+json' },
    );
    expect(merged.body.spec.replicas).toBe(4);
    const strategic = await request(
      server,
      'PATCH',
      path,
      { spec: { template: { spec: { containers: [{ name: 'sidecar', image: 'busybox' }] } } } },
      { 'Content-Type': 'application/strategic-merge-patch+json' },
    );
    expect(strategic.body.spec.template.spec.containers.map((c: { name: string }) => c.name)).toEqual(['sidecar', 'nginx']);
    const json = await request(server, 'PATCH', path, [{ op: 'replace', path: '/spec/replicas', value: 1 }], {
      'Content-Type': 'application/json-patch+json',
    });
    expect(json.body.spec.replicas).toBe(1);
    const unknown = await request(server, 'PATCH', path, { spec: { replicas: 1 } }, { 'Content-Type': 'text/plain' });
    expect(unknown.status).toBe(415);

    const dry = await request(
      server,
      'PATCH',
      `${path}?dryRun=All`,
      { spec: { replicas: 9 } },
      { 'Content-Type': 'application/merge-patch+json' },
    );
    expect(dry.body.spec.replicas).toBe(9);
    expect((await request(server, 'GET', path)).body.spec.replicas).toBe(1);
    const strict = await request(server, 'POST', '/api/v1/namespaces/default/pods?fieldValidation=Strict', {
      ...POD,
      spec: { ...POD.spec, bogus: 1 },
    });
    expect([strict.status, strict.body.message]).toEqual([
      400,
      'Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.bogus"',
    ]);
    const warned = await request(server, 'POST', '/api/v1/namespaces/default/pods', { ...POD, spec: { ...POD.spec, bogus: 1 } });
    expect(warned.status).toBe(201);
    expect(warned.headers.get('warning')).toBe('299 - "unknown field \\"spec.bogus\\""');
  });

  it('updates the object and its status subresource, with the URL name checked', async () => {
    const server = await serveForTest();
    await request(server, 'POST', '/apis/apps/v1/namespaces/default/deployments', DEPLOYMENT);
    const path = '/apis/apps/v1/namespaces/default/deployments/web';
    // The controllers wrote its status meanwhile: update the current version.
    const created = (await request(server, 'GET', path)).body;
    const updated = await request(server, 'PUT', path, { ...created, spec: { ...created.spec, replicas: 5 } });
    expect([updated.status, updated.body.spec.replicas, updated.body.metadata.generation]).toEqual([200, 5, 2]);
    const stale = await request(server, 'PUT', path, created);
    expect([stale.status, stale.body.reason]).toEqual([409, 'Conflict']);
    const renamed = await request(server, 'PUT', path, {
      ...updated.body,
      metadata: { ...updated.body.metadata, name: 'other' },
    });
    expect([renamed.status, renamed.body.message]).toEqual([
      400,
      'the name of the object (other) does not match the name on the URL (web)',
    ]);
    const scale = await request(server, 'GET', `${path}/scale`);
    expect(scale.body).toMatchObject({ kind: 'Scale', spec: { replicas: 5 } });
    const scaled = await request(
      server,
      'PATCH',
      `${path}/scale`,
      { spec: { replicas: 2 } },
      { 'Content-Type': 'application/merge-patch+json' },
    );
    expect(scaled.body.spec.replicas).toBe(2);
  });

  it('answers malformed requests with 400s and unknown paths with 404s, never crashing', async () => {
    const server = await serveForTest();
    const broken = await request(server, 'POST', '/api/v1/namespaces/default/pods', '{"kind": ');
    expect([broken.status, broken.body.kind, broken.body.reason]).toEqual([400, 'Status', 'BadRequest']);
    const notObject = await request(server, 'POST', '/api/v1/namespaces/default/pods', '[1,2]');
    expect(notObject.status).toBe(400);
    const wrongKind = await request(server, 'POST', '/api/v1/namespaces/default/pods', { ...POD, kind: 'Service' });
    expect(wrongKind.status).toBe(400);
    const wrongType = await request(server, 'POST', '/api/v1/namespaces/default/pods', { ...POD, metadata: 'x' });
    expect(wrongType.status).toBe(400);
    expect((await request(server, 'GET', '/api/v1/namespaces/default/widgets')).status).toBe(404);
    expect((await request(server, 'GET', '/api/v1/namespaces/default/nodes')).status).toBe(404);
    const page = await fetch(`${server.url}/nothing/here`);
    expect([page.status, await page.text()]).toEqual([404, '404 page not found\n']);
    expect((await request(server, 'POST', '/api/v1/namespaces/default/pods/web', POD)).status).toBe(405);
    const huge = await request(server, 'POST', '/api/v1/namespaces/default/pods', 'x'.repeat(3 * 1024 * 1024 + 10));
    expect([huge.status, huge.body.reason]).toEqual([413, 'RequestEntityTooLarge']);
    expect((await request(server, 'GET', '/api/v1/pods?dryRun=Some')).status).toBe(200);
    expect((await request(server, 'POST', '/api/v1/namespaces/default/pods?dryRun=Some', POD)).status).toBe(400);
    // Still serving.
    expect((await request(server, 'GET', '/api/v1/namespaces')).body.items).toHaveLength(4);
  });

  it('refuses to listen beyond loopback unless told to', async () => {
    await expect(startServer({ port: 0, address: '0.0.0.0', log: () => {} })).rejects.toThrow(/no authentication/);
  });
});

describe('kubeplay serve: pods subresources and tables', () => {
  it('serves logs (tailLines, timestamps), evictions and bindings; exec says it is not supported', async () => {
    const server = await serveForTest();
    const sim = server.simulation;
    sim.run(
      `kubectl run counter --image=busybox -- sh -c 'i=0; while true; do echo tick $i; i=$((i+1)); sleep 1; done'\nsleep 20s`,
    );
    const log = await fetch(`${server.url}/api/v1/namespaces/default/pods/counter/log?tailLines=2`);
    const lines = (await log.text()).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^tick \d+$/);
    const stamped = await (
      await fetch(`${server.url}/api/v1/namespaces/default/pods/counter/log?tailLines=1&timestamps=true`)
    ).text();
    expect(stamped).toMatch(/^2026-01-01T00:00:\d\d(\.\d+)?Z tick \d+\n$/);
    // follow: what the container writes from now on, as the clock runs.
    const follow = await fetch(`${server.url}/api/v1/namespaces/default/pods/counter/log?follow=true&tailLines=0`);
    const reader = follow.body!.getReader();
    sim.step(2500);
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toMatch(/^(tick \d+\n)+$/);
    await reader.cancel();
    const wrong = await request(server, 'GET', '/api/v1/namespaces/default/pods/counter/log?container=nope');
    expect([wrong.status, wrong.body.message]).toEqual([400, 'container nope is not valid for pod counter']);
    const exec = await request(server, 'POST', '/api/v1/namespaces/default/pods/counter/exec?command=ls');
    expect(exec.status).toBe(400);
    expect(exec.body.message).toMatch(/does not support exec/);
    const evicted = await request(server, 'POST', '/api/v1/namespaces/default/pods/counter/eviction', {
      apiVersion: 'policy/v1',
      kind: 'Eviction',
      metadata: { name: 'counter', namespace: 'default' },
    });
    expect(evicted.status).toBe(201);
    expect(
      (await request(server, 'GET', '/api/v1/namespaces/default/pods/counter')).body.metadata.deletionTimestamp,
    ).toBeDefined();

    await request(server, 'POST', '/api/v1/namespaces/default/pods', { ...POD, spec: { ...POD.spec, schedulerName: 'nobody' } });
    const bound = await request(server, 'POST', '/api/v1/namespaces/default/pods/web/binding', {
      apiVersion: 'v1',
      kind: 'Binding',
      metadata: { name: 'web' },
      target: { kind: 'Node', name: 'node-b1' },
    });
    expect(bound.status).toBe(201);
    expect((await request(server, 'GET', '/api/v1/namespaces/default/pods/web')).body.spec.nodeName).toBe('node-b1');
  });

  it("answers Tables when asked (includeObject), with the kind's print columns", async () => {
    const server = await serveForTest();
    const accept =
      'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';
    const table = (await request(server, 'GET', '/api/v1/nodes?limit=500', undefined, { Accept: accept })).body;
    expect(table.kind).toBe('Table');
    expect(table.columnDefinitions.map((c: { name: string }) => c.name)).toEqual([
      'Name',
      'Status',
      'Roles',
      'Age',
      'Version',
      'Internal-IP',
      'External-IP',
      'OS-Image',
      'Kernel-Version',
      'Container-Runtime',
    ]);
    expect(table.rows).toHaveLength(6);
    expect(table.rows[0].cells[0]).toBe('node-a1');
    expect(table.rows[0].object.kind).toBe('PartialObjectMetadata');
    const full = (await request(server, 'GET', '/api/v1/nodes/node-a1?includeObject=Object', undefined, { Accept: accept })).body;
    expect(full.rows[0].object.kind).toBe('Node');
  });
});

describe('kubeplay serve: the clock and the in-process facade', () => {
  it('pauses, steps and runs kubeplay commands over /kubeplay/', async () => {
    const server = await serveForTest();
    const clock = (await request(server, 'GET', '/kubeplay/clock')).body;
    expect(clock).toMatchObject({ paused: true, speed: 1, now: '2026-01-01T00:00:00Z' });
    expect((await request(server, 'POST', '/kubeplay/clock/step?duration=90s')).body.now).toBe('2026-01-01T00:01:30Z');
    expect((await request(server, 'POST', '/kubeplay/clock/speed?value=10')).body.speed).toBe(10);
    expect((await request(server, 'POST', '/kubeplay/clock/speed?value=-1')).status).toBe(400);
    expect((await request(server, 'POST', '/kubeplay/clock/resume')).body.paused).toBe(false);
    expect((await request(server, 'POST', '/kubeplay/clock/pause')).body.paused).toBe(true);
    const run = await fetch(`${server.url}/kubeplay/run`, {
      method: 'POST',
      body: 'kubeplay node stop node-a1\nsleep 1m\nkubectl get node node-a1',
    });
    const transcript = await run.text();
    expect(transcript).toContain('$ kubeplay node stop node-a1\n');
    expect(transcript).toMatch(/node-a1 +NotReady/);
    const syntax = await request(server, 'POST', '/kubeplay/run', 'kubectl get pods | grep x');
    expect(syntax.status).toBe(400);
  });

  it('runs the script given at start and lets its host run lines and step the clock', async () => {
    const server = await serveForTest({ script: 'kubectl create namespace demo\n' });
    expect(server.scriptTranscript).toBe('$ kubectl create namespace demo\nnamespace/demo created\n');
    expect((await request(server, 'GET', '/api/v1/namespaces/demo')).status).toBe(200);
    const sim = server.simulation;
    expect(sim.run('kubectl get ns demo -o name')).toBe('$ kubectl get ns demo -o name\nnamespace/demo\n');
    sim.run('kubectl get pods -w');
    sim.run('kubectl run one --image=nginx');
    expect(sim.now()).toBe(0);
    sim.step(5000);
    expect(sim.now()).toBe(5000);
  });

  it('follows real time × speed while playing', async () => {
    const server = await serveForTest({ paused: false, speed: 100 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.simulation.now()).toBeGreaterThan(5000);
  });
});

describe('kubeplay serve: server-side apply', () => {
  const apply = (server: Awaited<ReturnType<typeof serveForTest>>, body: string) =>
    request(server, 'PATCH', '/apis/apps/v1/namespaces/default/deployments/web?fieldManager=kubectl&force=false', body, {
      'Content-Type': 'application/apply-patch+yaml',
    });
  const manifest = (labels: string, containers: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: {${labels}}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [${containers}]
`;

  it('records the manager fields by merge key, and removes what a later apply leaves out', async () => {
    const server = await serveForTest();
    const first = await apply(
      server,
      manifest('app: web, tier: front', '{name: a, image: nginx, env: [{name: X, value: "1"}]}, {name: b, image: busybox}'),
    );
    expect(first.status).toBe(201);
    const fields = first.body.metadata.managedFields[0].fieldsV1;
    expect(Object.keys(fields['f:spec']['f:template']['f:spec']['f:containers'])).toEqual(['k:{"name":"a"}', 'k:{"name":"b"}']);
    const second = await apply(server, manifest('app: web', '{name: a, image: nginx:1.16}'));
    expect(second.status).toBe(200);
    expect(second.body.metadata.labels).toEqual({ app: 'web' });
    const containers = second.body.spec.template.spec.containers;
    expect(containers.map((c: { name: string; image: string }) => `${c.name}=${c.image}`)).toEqual(['a=nginx:1.16']);
    expect(containers[0].env).toBeUndefined();
    expect(second.body.metadata.managedFields).toHaveLength(1);
    // Fields set by defaulting (owned by nobody) stay.
    expect(second.body.spec.replicas).toBe(1);
  });
});

describe('kubeplay serve: metrics.k8s.io', () => {
  it('serves pod and node metrics from the simulated metrics pipeline', async () => {
    const server = await serveForTest();
    server.simulation.run(
      'kubectl run hog --image=nginx --annotations=kubeplay.dev/cpu-usage=250m --annotations=kubeplay.dev/memory-usage=64Mi\nsleep 1m',
    );
    const pod = (await request(server, 'GET', '/apis/metrics.k8s.io/v1beta1/namespaces/default/pods/hog')).body;
    expect(pod).toMatchObject({
      kind: 'PodMetrics',
      apiVersion: 'metrics.k8s.io/v1beta1',
      metadata: { name: 'hog', namespace: 'default' },
      window: '15s',
      containers: [{ name: 'hog', usage: { cpu: '250m', memory: String(64 * 1024 * 1024) } }],
    });
    const nodeName = (await request(server, 'GET', '/api/v1/namespaces/default/pods/hog')).body.spec.nodeName;
    const nodes = (await request(server, 'GET', '/apis/metrics.k8s.io/v1beta1/nodes')).body;
    expect(nodes.kind).toBe('NodeMetricsList');
    expect(nodes.items).toHaveLength(6);
    expect(nodes.items.find((n: { metadata: { name: string } }) => n.metadata.name === nodeName).usage.cpu).toBe('250m');
    server.simulation.run('kubeplay node stop node-a1\nsleep 1m');
    expect((await request(server, 'GET', '/apis/metrics.k8s.io/v1beta1/nodes')).body.items).toHaveLength(5);
    const gone = await request(server, 'GET', '/apis/metrics.k8s.io/v1beta1/nodes/node-a1');
    expect([gone.status, gone.body.message]).toEqual([404, 'nodemetrics.metrics.k8s.io "node-a1" not found']);
    const discovery = (await request(server, 'GET', '/apis/metrics.k8s.io/v1beta1')).body;
    expect(discovery.resources.map((r: { name: string }) => r.name)).toEqual(['nodes', 'pods']);
  });
});
