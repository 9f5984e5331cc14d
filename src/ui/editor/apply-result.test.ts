import { describe, expect, it } from 'vitest';
import { outputOf, parseApplyErrors, parseFieldPath, readApplyResult } from './apply-result';

describe('parseFieldPath', () => {
  it('splits fields, indexes and map keys', () => {
    expect(parseFieldPath('spec.containers[0].image')).toEqual(['spec', 'containers', 0, 'image']);
    expect(parseFieldPath('spec.nodeSelector[kubernetes.io/os]')).toEqual(['spec', 'nodeSelector', 'kubernetes.io/os']);
    expect(parseFieldPath('metadata')).toEqual(['metadata']);
  });
});

describe('parseApplyErrors', () => {
  it('reads a single-line validation error', () => {
    expect(parseApplyErrors('The Pod "web" is invalid: spec.containers[0].image: Required value\n')).toEqual([
      {
        message: 'spec.containers[0].image: Required value',
        kind: 'Pod',
        name: 'web',
        path: ['spec', 'containers', 0, 'image'],
        severity: 'error',
      },
    ]);
  });

  it('reads a list of field errors', () => {
    const stderr = [
      'The Deployment "d" is invalid: ',
      '* spec.replicas: Invalid value: -1: must be greater than or equal to 0',
      '* spec.template.metadata.labels: Invalid value: map[string]string{"a":"c"}: `selector` does not match template `labels`',
      '',
    ].join('\n');
    const problems = parseApplyErrors(stderr);
    expect(problems.map((p) => [p.kind, p.name, p.path])).toEqual([
      ['Deployment', 'd', ['spec', 'replicas']],
      ['Deployment', 'd', ['spec', 'template', 'metadata', 'labels']],
    ]);
    expect(problems[0].message).toBe('spec.replicas: Invalid value: -1: must be greater than or equal to 0');
  });

  it('reads decoding errors: unknown fields (refused or warned) and type errors', () => {
    const refused =
      'Error from server (BadRequest): error when creating "STDIN": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replicass", unknown field "spec.template.spec.containers[0].imagee"\n';
    expect(parseApplyErrors(refused)).toEqual([
      { message: 'unknown field "spec.replicass"', path: ['spec', 'replicass'], severity: 'error' },
      {
        message: 'unknown field "spec.template.spec.containers[0].imagee"',
        path: ['spec', 'template', 'spec', 'containers', 0, 'imagee'],
        severity: 'error',
      },
    ]);
    const warned = readApplyResult('deployment.apps/d created\n', 'Warning: unknown field "spec.replicass"\n');
    expect(warned.ok).toBe(true);
    expect(warned.problems).toEqual([
      { message: 'unknown field "spec.replicass"', path: ['spec', 'replicass'], severity: 'warning' },
    ]);
    const typed = parseApplyErrors(
      'Error from server (BadRequest): error when creating "STDIN": Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32\n',
    );
    expect(typed).toEqual([
      {
        message: 'json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
        path: ['spec', 'replicas'],
        severity: 'error',
      },
    ]);
  });

  it('reads errors for several objects', () => {
    const stderr =
      'The Pod "a" is invalid: spec.containers[0].image: Required value\n' +
      'The Service "s" is invalid: spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive\n';
    expect(parseApplyErrors(stderr).map((p) => `${p.kind}/${p.name} ${p.path?.join('.')}`)).toEqual([
      'Pod/a spec.containers.0.image',
      'Service/s spec.ports.0.port',
    ]);
  });

  it('reads YAML syntax errors with their line', () => {
    const [p] = parseApplyErrors(
      'error: error parsing STDIN: error converting YAML to JSON: yaml: line 3, column 5: did not find expected key\n',
    );
    expect(p).toMatchObject({ line: 3, column: 5, message: 'YAML: did not find expected key' });
  });

  it('reads a conflict as a warning on metadata.resourceVersion', () => {
    const [p] = parseApplyErrors(
      'for: "STDIN": error when patching "STDIN": Operation cannot be fulfilled on pods "web": the object has been modified; please apply your changes to the latest version and try again\n',
    );
    expect(p).toMatchObject({ name: 'web', path: ['metadata', 'resourceVersion'], severity: 'warning' });
    expect(readApplyResult('', `Operation cannot be fulfilled on pods "web": the object has been modified\n`).conflict).toBe(
      true,
    );
  });

  it('keeps errors without a field path unlocated', () => {
    expect(parseApplyErrors('error: error validating "STDIN": error validating data: apiVersion not set\n')).toEqual([]);
  });
});

describe('readApplyResult and outputOf', () => {
  it('collects one command’s output from the transcript', () => {
    const transcript = {
      nextSeq: 5,
      entries: [
        { seq: 1, kind: 'command' as const, text: 'kubectl apply -f -', id: 'a1' },
        { seq: 2, kind: 'stdout' as const, text: 'pod/a created\n', id: 'a1' },
        { seq: 3, kind: 'stdout' as const, text: 'other\n', id: 'c2' },
        { seq: 4, kind: 'stderr' as const, text: 'The Pod "b" is invalid: spec: Required value\n', id: 'a1' },
      ],
    };
    const { stdout, stderr } = outputOf(transcript, 'a1');
    const result = readApplyResult(stdout, stderr);
    expect(result.ok).toBe(false);
    expect(result.results).toEqual(['pod/a created']);
    expect(result.problems).toHaveLength(1);
    expect(readApplyResult('pod/a configured\n', '').ok).toBe(true);
  });
});
