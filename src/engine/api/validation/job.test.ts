// batch/v1 Job defaulting and validation through the API server: defaults, the generated selector
// and labels, the restartPolicy rule, podFailurePolicy / successPolicy / Indexed checks, and the
// immutable fields of an update.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { ApiServer } from '../apiserver';
import { Clock } from '../../clock/clock';
import { SeededRandom } from '../../clock/random';
import { ApiError } from '../errors';
import { createKindRegistry, jobKind } from '../kinds';

function api(): ApiServer {
  const a = new ApiServer(new Clock(), new SeededRandom(1), createKindRegistry());
  a.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return a;
}

const job = (spec: Record<string, unknown>, podSpec: Record<string, unknown> = {}, name = 'pi'): KObject => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name, namespace: 'default' },
  spec: {
    ...spec,
    template: { spec: { restartPolicy: 'Never', containers: [{ name: 'pi', image: 'perl' }], ...podSpec } },
  },
});

function message(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return e.message;
    throw e;
  }
  return '';
}

describe('Job defaults and generated selector', () => {
  it('defaults as SetDefaults_Job and labels the template with the job name and uid', () => {
    const created = api().create(job({}));
    const uid = created.metadata.uid!;
    expect(created.spec).toMatchObject({
      parallelism: 1,
      completions: 1,
      backoffLimit: 6,
      completionMode: 'NonIndexed',
      suspend: false,
      podReplacementPolicy: 'TerminatingOrFailed',
      manualSelector: false,
      selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } },
    });
    const labels = {
      'batch.kubernetes.io/controller-uid': uid,
      'batch.kubernetes.io/job-name': 'pi',
      'controller-uid': uid,
      'job-name': 'pi',
    };
    expect(created.spec.template.metadata.labels).toEqual(labels);
    expect(created.metadata.labels).toEqual(labels);
    expect(created.status).toEqual({});
  });

  it('leaves completions unset for the work-queue pattern and uses MaxInt32 with backoffLimitPerIndex', () => {
    const a = api();
    expect(a.create(job({ parallelism: 3 }, {}, 'queue')).spec.completions).toBeUndefined();
    const perIndex = a.create(job({ completions: 3, completionMode: 'Indexed', backoffLimitPerIndex: 1 }, {}, 'ix')).spec;
    expect(perIndex.backoffLimit).toBe(2147483647);
    const withPolicy = a.create(
      job({ podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }] } }, {}, 'pfp'),
    ).spec;
    expect(withPolicy.podReplacementPolicy).toBe('Failed');
    expect(withPolicy.podFailurePolicy.rules[0].onPodConditions[0].status).toBe('True');
  });
});

describe('Job validation messages', () => {
  it.each([
    [
      'restartPolicy Always',
      job({}, { restartPolicy: 'Always' }),
      'Job.batch "pi" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
    ],
    [
      'an unknown completionMode',
      job({ completionMode: 'Sometimes' }),
      'Job.batch "pi" is invalid: spec.completionMode: Unsupported value: "Sometimes": supported values: "NonIndexed", "Indexed"',
    ],
    [
      'Indexed without completions',
      job({ completionMode: 'Indexed', parallelism: 2 }),
      'Job.batch "pi" is invalid: spec.completions: Required value: when completion mode is Indexed',
    ],
    [
      'a negative backoffLimit',
      job({ backoffLimit: -1 }),
      'Job.batch "pi" is invalid: spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0',
    ],
    [
      'backoffLimitPerIndex on a NonIndexed Job',
      job({ backoffLimitPerIndex: 1 }),
      'Job.batch "pi" is invalid: spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode',
    ],
    [
      'podFailurePolicy with restartPolicy OnFailure',
      job(
        { podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { operator: 'In', values: [42] } }] } },
        { restartPolicy: 'OnFailure' },
      ),
      'Job.batch "pi" is invalid: spec.template.spec.restartPolicy: Invalid value: "OnFailure": only "Never" is supported when podFailurePolicy is specified',
    ],
    [
      'exit code 0 with In',
      job({ podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { operator: 'In', values: [0, 1] } }] } }),
      'Job.batch "pi" is invalid: spec.podFailurePolicy.rules[0].onExitCodes.values[0]: Invalid value: 0: must not be 0 for the In operator',
    ],
    [
      'an unknown container in onExitCodes',
      job({
        podFailurePolicy: { rules: [{ action: 'Count', onExitCodes: { containerName: 'x', operator: 'In', values: [1] } }] },
      }),
      'Job.batch "pi" is invalid: spec.podFailurePolicy.rules[0].onExitCodes.containerName: Invalid value: "x": must be one of the container or initContainer names in the pod template',
    ],
    [
      'a managedBy that is not a domain-prefixed path',
      job({ managedBy: 'kueue' }),
      'Job.batch "pi" is invalid: spec.managedBy: Invalid value: "kueue": must be a domain-prefixed path (such as "acme.io/foo")',
    ],
    [
      'an Indexed Job whose last hostname is not a DNS label',
      job({ completionMode: 'Indexed', completions: 2 }, {}, 'a'.repeat(62)),
      `Job.batch "${'a'.repeat(62)}" is invalid: metadata.name: Invalid value: "${'a'.repeat(62)}": will not able to create pod with invalid DNS label: ${'a'.repeat(62)}-1`,
    ],
  ])('%s', (_name, obj, expected) => {
    expect(message(() => api().create(obj))).toBe(expected);
  });

  it('refuses a template change and keeps the stored Job', () => {
    const a = api();
    const created = a.create(job({}));
    const changed = structuredClone(created);
    changed.spec.template.spec.containers[0].image = 'perl:5.40';
    expect(message(() => a.update(changed))).toContain('spec.template: Invalid value: ');
    expect(message(() => a.update(changed))).toContain('field is immutable');
    expect(a.get(jobKind, 'default', 'pi').spec.template.spec.containers[0].image).toBe('perl');
  });

  it('lets suspend change and bumps the generation', () => {
    const a = api();
    const created = a.create(job({}));
    const updated = a.update({ ...created, spec: { ...created.spec, suspend: true } });
    expect(updated.spec.suspend).toBe(true);
    expect(updated.metadata.generation).toBe(2);
  });

  it('warns (WarningsOnCreate) when the name is not a DNS label, since pod names and hostnames use it', () => {
    const warnings: string[] = [];
    api().create(job({}, {}, 'my.job'), { warnings });
    expect(warnings).toEqual([
      'metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]',
    ]);
    const none: string[] = [];
    api().create(job({}), { warnings: none });
    expect(none).toEqual([]);
  });
});
