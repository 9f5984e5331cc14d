// The committed schema is current (regenerated in memory) and dispatches per kind.
import { describe, expect, it } from 'vitest';
import { generateSchema, SERVED_KINDS } from '../../../scripts/generate-schemas';
import schema from '../../k8s/k8s-schemas.generated.json';

type Json = Record<string, any>;
const definitions = (schema as Json).definitions as Record<string, Json>;

function resolve(ref: string): Json {
  return definitions[ref.replace('#/definitions/', '')];
}

describe('k8s-schemas.generated.json', () => {
  it('has Deployment.spec.replicas with its description', () => {
    const deployment = definitions['apps.v1.Deployment'];
    const spec = resolve(deployment.properties.spec.$ref);
    expect(spec.properties.replicas.type).toBe('integer');
    expect(spec.properties.replicas.format).toBe('int32');
    expect(spec.properties.replicas.description).toMatch(/^Number of desired pods/);
  });

  it('dispatches on kind and apiVersion to every served kind', () => {
    const branches = (schema as Json).allOf as Json[];
    expect(branches).toHaveLength(SERVED_KINDS.length);
    for (const served of SERVED_KINDS) {
      const branch = branches.find(
        (b) => b.if.properties.kind.const === served.kind && b.if.properties.apiVersion.const === served.apiVersion,
      );
      expect(branch, `${served.apiVersion} ${served.kind}`).toBeDefined();
      const target = resolve(branch!.then.$ref);
      expect(target.properties.kind.const).toBe(served.kind);
      expect(target.properties.apiVersion.const).toBe(served.apiVersion);
      if (target.properties.status) expect(target.properties.status.readOnly).toBe(true);
    }
    expect((schema as Json).properties.kind.enum).toContain('HorizontalPodAutoscaler');
  });

  it('has enums where the API documents them in prose, and IntOrString', () => {
    expect(definitions['core.v1.Container'].properties.imagePullPolicy.enum).toEqual(['Always', 'IfNotPresent', 'Never']);
    expect(definitions['apps.v1.RollingUpdateDeployment'].properties.maxSurge.type).toEqual(['integer', 'string']);
    expect(definitions['apps.v1.RollingUpdateDeployment'].properties.maxSurge.format).toBe('int-or-string');
    expect(definitions['core.v1.PodSpec'].properties.terminationGracePeriodSeconds.format).toBe('int64');
    expect(definitions['api.resource.Quantity'].format).toBe('quantity');
    expect(definitions['core.v1.PodSpec'].required).toContain('containers');
  });

  it('has every $ref resolvable', () => {
    const refs = JSON.stringify(schema).match(/"#\/definitions\/[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) expect(resolve(JSON.parse(ref)), ref).toBeDefined();
  });

  // Generating takes seconds (every kind's definitions): more than the default 5 s on a busy machine.
  it('is what scripts/generate-schemas.ts generates (run `npm run generate:schemas`)', () => {
    expect(generateSchema()).toEqual(schema);
  }, 60_000);
});
