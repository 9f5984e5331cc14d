import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { expectApiError, newCluster, podManifest, snapshot } from '../apiserver-test-fixtures';
import { builtinKinds, deploymentKind } from '../kinds';
import { apiVersionOf } from '../kinds/kind-definition';
import { canDecode, DecodeError, decodeObject, metadataDecodeError, strictDecodingError } from './decode';

function deployment(spec: Record<string, unknown>, metadata: Record<string, unknown> = { name: 'd' }): unknown {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata,
    spec: {
      selector: { matchLabels: { app: 'a' } },
      template: { metadata: { labels: { app: 'a' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
      ...spec,
    },
  };
}

function pod(spec: Record<string, unknown>, metadata: Record<string, unknown> = { name: 'p' }): unknown {
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec };
}

function decodeError(input: unknown, apiVersion = (input as KObject).apiVersion, kind = (input as KObject).kind): string {
  try {
    decodeObject(input, apiVersion, kind);
  } catch (e) {
    expect(e).toBeInstanceOf(DecodeError);
    return (e as Error).message;
  }
  throw new Error('decoded without an error');
}

describe('the decoding schema', () => {
  it('has every served kind in every served version (the generator reads the kind registry)', () => {
    for (const def of builtinKinds) {
      for (const apiVersion of [apiVersionOf(def), ...Object.keys(def.otherVersions ?? {})]) {
        expect(canDecode(apiVersion, def.kind), `${apiVersion} ${def.kind}`).toBe(true);
      }
    }
  });
});

describe('decodeObject: type errors as encoding/json words them', () => {
  it('names the struct, the field path without indices and the Go type', () => {
    expect(decodeError(deployment({ replicas: 'three' }))).toBe(
      'json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
    );
    expect(decodeError(pod(false as never))).toBe('json: cannot unmarshal bool into Go struct field Pod.spec of type v1.PodSpec');
    expect(decodeError(pod({ containers: 5 }))).toBe(
      'json: cannot unmarshal number into Go struct field PodSpec.spec.containers of type []v1.Container',
    );
    expect(decodeError(pod({ containers: [5] }))).toBe(
      'json: cannot unmarshal number into Go struct field PodSpec.spec.containers of type v1.Container',
    );
    expect(decodeError(pod({ containers: [{ name: 'c', image: 'i', command: ['a', 1] }] }))).toBe(
      'json: cannot unmarshal number into Go struct field Container.spec.containers.command of type string',
    );
    expect(decodeError(pod({ containers: [] }, { name: 'p', labels: ['a'] }))).toBe(
      'json: cannot unmarshal array into Go struct field ObjectMeta.metadata.labels of type map[string]string',
    );
    expect(decodeError(pod({ containers: [] }, { name: 'p', annotations: { a: 1 } }))).toBe(
      'json: cannot unmarshal number into Go struct field ObjectMeta.metadata.annotations of type string',
    );
  });

  it('names the Go named types behind strings and maps', () => {
    expect(decodeError(pod({ restartPolicy: 5, containers: [] }))).toBe(
      'json: cannot unmarshal number into Go struct field PodSpec.spec.restartPolicy of type v1.RestartPolicy',
    );
    expect(decodeError(pod({ containers: [{ name: 'c', image: 'i', resources: { limits: 5 } }] }))).toBe(
      'json: cannot unmarshal number into Go struct field ResourceRequirements.spec.containers.resources.limits of type v1.ResourceList',
    );
  });

  it('refuses integers that are fractional or out of range with the number text', () => {
    expect(decodeError(deployment({ replicas: 1e300 }))).toBe(
      'json: cannot unmarshal number 1e+300 into Go struct field DeploymentSpec.spec.replicas of type int32',
    );
    expect(decodeError(deployment({ replicas: 2.5 }))).toBe(
      'json: cannot unmarshal number 2.5 into Go struct field DeploymentSpec.spec.replicas of type int32',
    );
    expect(decodeError(deployment({ replicas: 2147483648 }))).toBe(
      'json: cannot unmarshal number 2147483648 into Go struct field DeploymentSpec.spec.replicas of type int32',
    );
    // int64 fields take what int32 ones refuse.
    const decoded = decodeObject(pod({ containers: [], terminationGracePeriodSeconds: 2147483648 }), 'v1', 'Pod');
    expect(decoded.object.spec?.terminationGracePeriodSeconds).toBe(2147483648);
  });

  it('reports the first type error in document order, but a custom unmarshaler error wins', () => {
    expect(decodeError(deployment({ replicas: 'x', minReadySeconds: 'y' }))).toMatch(/DeploymentSpec\.spec\.replicas/);
    const both = pod({
      restartPolicy: 5,
      containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: 'lots' } } }],
    });
    expect(decodeError(both)).toBe("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  });

  it('decodes quantities and int-or-strings with their own errors', () => {
    const ok = decodeObject(
      pod({ containers: [{ name: 'c', image: 'i', resources: { limits: { cpu: 1, memory: ' 1Gi ' } } }] }),
      'v1',
      'Pod',
    );
    expect((ok.object.spec as any).containers[0].resources.limits).toEqual({ cpu: 1, memory: '1Gi' });
    expect(decodeError(pod({ containers: [{ name: 'c', image: 'i', resources: { limits: { cpu: true } } }] }))).toMatch(
      /^quantities must match the regular expression/,
    );
    const surge = (v: unknown) => deployment({ strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: v } } });
    expect(decodeObject(surge('25%'), 'apps/v1', 'Deployment').unknownFields).toEqual([]);
    expect(decodeError(surge(1.5))).toBe('json: cannot unmarshal number 1.5 into Go value of type int32');
    expect(decodeError(surge(true))).toBe('json: cannot unmarshal bool into Go value of type int32');
  });
});

describe('decodeObject: times as time.Parse(RFC3339) reads them', () => {
  it('refuses a time that does not parse, with the time package error', () => {
    const withTime = (t: unknown) => pod({ containers: [] }, { name: 'p', creationTimestamp: t });
    expect(decodeObject(withTime('2026-01-01T00:00:00Z'), 'v1', 'Pod').object.metadata.creationTimestamp).toBe(
      '2026-01-01T00:00:00Z',
    );
    expect(decodeError(withTime('garbage'))).toBe(
      'parsing time "garbage" as "2006-01-02T15:04:05Z07:00": cannot parse "garbage" as "2006"',
    );
    expect(decodeError(withTime('2024-01-01'))).toBe(
      'parsing time "2024-01-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"',
    );
    expect(decodeError(withTime('2024-13-01T00:00:00Z'))).toBe('parsing time "2024-13-01T00:00:00Z": month out of range');
    expect(decodeError(withTime('2024-02-30T00:00:00Z'))).toBe('parsing time "2024-02-30T00:00:00Z": day out of range');
    expect(decodeError(withTime('2024-01-01T00:00:00Zjunk'))).toBe('parsing time "2024-01-01T00:00:00Zjunk": extra text: "junk"');
    expect(decodeError(withTime(5))).toBe('json: cannot unmarshal number into Go value of type string');
  });
});

describe('decodeObject: nulls, unknown fields and the result', () => {
  it('leaves null fields unset and makes null list elements and map values zero values', () => {
    const { object } = decodeObject(
      pod({ containers: [null], tolerations: null }, { name: 'p', labels: null, annotations: { a: null } }),
      'v1',
      'Pod',
    );
    expect(object.metadata).toEqual({ name: 'p', annotations: { a: '' } });
    expect(object.spec).toEqual({ containers: [{}] });
  });

  it('keeps a map key such as __proto__ as data, for validation to judge', () => {
    const labels = JSON.parse('{"__proto__": "x"}') as Record<string, string>;
    const { object } = decodeObject(pod({ containers: [] }, { name: 'p', labels }), 'v1', 'Pod');
    expect(Object.keys(object.metadata.labels ?? {})).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(object.metadata.labels)).toBe(Object.prototype);
  });

  it('leaves out empty lists and maps of optional fields, as the server never writes them', () => {
    const { object } = decodeObject(
      pod(
        { containers: [], tolerations: [], nodeSelector: {}, securityContext: {} },
        { name: 'p', ownerReferences: [], labels: {} },
      ),
      'v1',
      'Pod',
    );
    expect(object.metadata).toEqual({ name: 'p' });
    // `containers` is required (no omitempty); an empty struct is still a struct.
    expect(object.spec).toEqual({ containers: [], securityContext: {} });
  });

  it('drops fields the kind does not have (case-sensitively) and returns their paths with list indices', () => {
    const input = deployment({
      replicass: 3,
      template: {
        metadata: { labels: { app: 'a' } },
        spec: { restartpolicy: 'Never', containers: [{ name: 'c', image: 'nginx', imagee: 'x' }] },
      },
    });
    const { object, unknownFields } = decodeObject(input, 'apps/v1', 'Deployment');
    // In document order (the helper's template comes before replicass).
    expect(unknownFields).toEqual([
      'spec.template.spec.restartpolicy',
      'spec.template.spec.containers[0].imagee',
      'spec.replicass',
    ]);
    expect(JSON.stringify(object)).not.toMatch(/replicass|restartpolicy|imagee/);
    expect(strictDecodingError(unknownFields)).toBe(
      'strict decoding error: unknown field "spec.template.spec.restartpolicy", unknown field "spec.template.spec.containers[0].imagee", unknown field "spec.replicass"',
    );
  });

  it('keeps free-form fields whole: a ControllerRevision data, a managedFields entry fieldsV1', () => {
    const data = { spec: { template: { $patch: 'replace', spec: { containers: [{ name: 'c' }] } } } };
    const fieldsV1 = { 'f:metadata': { 'f:labels': { '.': {} } } };
    const input = {
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: { name: 'web-1', managedFields: [{ manager: 'm', operation: 'Update', fieldsType: 'FieldsV1', fieldsV1 }] },
      data,
      revision: 1,
    };
    const { object, unknownFields } = decodeObject(input, 'apps/v1', 'ControllerRevision');
    expect(unknownFields).toEqual([]);
    expect(object.data).toEqual(data);
    expect((object.metadata as { managedFields?: unknown[] }).managedFields?.[0]).toMatchObject({ fieldsV1 });
  });

  it('knows status and every served version (autoscaling/v1 HPAs are decoded as v1)', () => {
    expect(decodeObject(deployment({}, { name: 'd' }), 'apps/v1', 'Deployment').unknownFields).toEqual([]);
    const withStatus = { ...(deployment({}) as object), status: { replicas: 1 } };
    expect(decodeObject(withStatus, 'apps/v1', 'Deployment').unknownFields).toEqual([]);
    const hpa = {
      apiVersion: 'autoscaling/v1',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'h' },
      spec: { scaleTargetRef: { kind: 'Deployment', name: 'd' }, maxReplicas: 3, targetCPUUtilizationPercentage: 50 },
    };
    expect(decodeObject(hpa, 'autoscaling/v1', 'HorizontalPodAutoscaler').unknownFields).toEqual([]);
    expect(decodeObject(hpa, 'autoscaling/v2', 'HorizontalPodAutoscaler').unknownFields).toEqual([
      'spec.targetCPUUtilizationPercentage',
    ]);
  });

  it("words kubectl's metadata-only decoding", () => {
    expect(metadataDecodeError({ name: 'x' })).toBeUndefined();
    expect(metadataDecodeError(5)).toBe(
      'json: cannot unmarshal number into Go struct field metadataOnlyObject.metadata of type v1.ObjectMeta',
    );
    expect(metadataDecodeError({ name: 5 })).toBe(
      'json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name of type string',
    );
  });
});

describe('ApiServer: fieldValidation', () => {
  const unknownField = () => deployment({ replicass: 3 }) as KObject;

  it('Strict refuses an unknown field with the serializer message and changes nothing', () => {
    const { api } = newCluster();
    const before = snapshot(api);
    expectApiError(() => api.create(unknownField(), { fieldValidation: 'Strict' }), {
      code: 400,
      reason: 'BadRequest',
      message:
        'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replicass"',
    });
    expectApiError(() => api.create(deployment({ replicas: '2' }) as KObject, { fieldValidation: 'Ignore' }), {
      code: 400,
      message:
        'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
    });
    expect(snapshot(api)).toEqual(before);
  });

  it('Warn and Ignore store the object without the field; Warn says so', () => {
    const { api } = newCluster();
    const warnings: string[] = [];
    const warned = api.create(unknownField(), { fieldValidation: 'Warn', warnings });
    expect(warnings).toEqual(['unknown field "spec.replicass"']);
    expect(warned.spec).not.toHaveProperty('replicass');
    const ignored = api.create({ ...unknownField(), metadata: { name: 'e' } }, { fieldValidation: 'Ignore', warnings });
    expect(warnings).toHaveLength(1);
    expect(api.get(deploymentKind, 'default', 'e').spec).not.toHaveProperty('replicass');
    expect(ignored.spec?.replicas).toBe(1);
  });

  it('decodes the result of a patch: unknown fields are the bare strict decoding error', () => {
    const { api } = newCluster();
    api.create(podManifest('p'));
    const before = snapshot(api);
    expectApiError(
      () =>
        api.patch(
          api.kindOf(podManifest('p')),
          'default',
          'p',
          'merge',
          { spec: { nodeNamee: 'x' } },
          { fieldValidation: 'Strict' },
        ),
      {
        code: 400,
        message: 'strict decoding error: unknown field "spec.nodeNamee"',
      },
    );
    expect(snapshot(api)).toEqual(before);
  });

  it('decodes a strategic merge patch as the converter does: its errors, Go integer conversion, sorted unknown fields', () => {
    const { api } = newCluster();
    api.create(deployment({}) as KObject);
    const patch = (body: unknown, warnings: string[] = []) =>
      api.patch(deploymentKind, 'default', 'd', 'strategic', body, { fieldValidation: 'Warn', warnings });
    expectApiError(() => patch({ spec: { replicas: 'x' } }), {
      code: 422,
      message: ' "" is invalid: patch: Invalid value: "map[spec:map[replicas:x]]": unrecognized type: int32',
    });
    expectApiError(() => patch({ spec: { replicas: 2.5 } }), { message: /cannot convert float64 to int32$/ });
    expectApiError(() => patch({ spec: { template: { spec: { containers: 5 } } } }), {
      message: /cannot restore slice from int64$/,
    });
    const warnings: string[] = [];
    expect(patch({ spec: { replicas: 3, zeta: 1, alpha: 2 } }, warnings).spec?.replicas).toBe(3);
    expect(warnings).toEqual(['unknown field "spec.alpha"', 'unknown field "spec.zeta"']);
  });
});
