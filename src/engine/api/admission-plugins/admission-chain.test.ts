import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { AdmissionChain, type AdmissionRequest } from '../admission';
import { podKind } from '../kinds';

const pod: KObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: {} };
const request: AdmissionRequest = { operation: 'CREATE', kind: podKind, namespace: 'default', name: 'p', object: pod };

describe('AdmissionChain', () => {
  it('runs mutating plugins in order, each seeing the previous result, then validating ones on the final object', () => {
    const chain = new AdmissionChain();
    const log: string[] = [];
    chain.register({
      name: 'first',
      admit: (r) => {
        log.push(`admit first ${r.object?.metadata.labels?.step ?? '-'}`);
        return { ...r.object!, metadata: { ...r.object!.metadata, labels: { step: '1' } } };
      },
      validate: (r) => log.push(`validate first ${r.object?.metadata.labels?.step}`),
    });
    chain.register({ name: 'second', admit: (r) => void log.push(`admit second ${r.object?.metadata.labels?.step}`) });
    chain.register({ name: 'third', validate: (r) => log.push(`validate third ${r.object?.metadata.labels?.step}`) });
    const out = chain.run(request);
    expect(out?.metadata.labels).toEqual({ step: '1' });
    expect(log).toEqual(['admit first -', 'admit second 1', 'validate first 1', 'validate third 1']);
    expect(chain.names()).toEqual(['first', 'second', 'third']);
    expect(pod.metadata.labels).toBeUndefined();
  });

  it('a refusal stops the chain', () => {
    const chain = new AdmissionChain();
    const log: string[] = [];
    chain.register({
      name: 'no',
      admit: () => {
        throw new Error('refused');
      },
    });
    chain.register({ name: 'later', admit: () => void log.push('later') });
    expect(() => chain.run(request)).toThrow('refused');
    expect(log).toEqual([]);
  });

  it('admit and validate can run separately', () => {
    const chain = new AdmissionChain();
    const log: string[] = [];
    chain.register({ name: 'a', admit: () => void log.push('admit'), validate: () => void log.push('validate') });
    chain.admit(request);
    expect(log).toEqual(['admit']);
    chain.validate(request);
    expect(log).toEqual(['admit', 'validate']);
  });
});
