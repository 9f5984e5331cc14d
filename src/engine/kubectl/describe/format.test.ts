import { describe, expect, it } from 'vitest';
import {
  camelCaseSplit,
  formatRFC1123Z,
  goValue,
  printAnnotationsMultiline,
  printLabelsMultiline,
  printTaintsMultiline,
  printTolerationsMultiline,
  smartLabelFor,
  timestampSince,
} from './format';
import { tabbedString } from './writer';

describe('field labels of the generic describer', () => {
  it.each([
    ['apiVersion', 'API Version'],
    ['holderIdentity', 'Holder Identity'],
    ['leaseDurationSeconds', 'Lease Duration Seconds'],
    ['uid', 'UID'],
    ['podIPs', 'Pod I Ps'],
    ['PDFLoader', 'PDF Loader'],
    ['kubernetes.io/hostname', 'kubernetes.io/hostname'],
    ['x1', 'x1'],
    ['a-b', 'A - B'],
  ])('%s → %s', (field, label) => {
    expect(smartLabelFor(field)).toBe(label);
  });

  it('splits camel case like fatih/camelcase', () => {
    expect(camelCaseSplit('GL11Version')).toEqual(['GL', '11', 'Version']);
    expect(camelCaseSplit('resourceVersion')).toEqual(['resource', 'Version']);
  });
});

describe('Go value and time formats', () => {
  it('prints times as RFC1123Z and the zero time for unset ones', () => {
    expect(formatRFC1123Z('2026-01-01T00:00:00Z')).toBe('Thu, 01 Jan 2026 00:00:00 +0000');
    expect(formatRFC1123Z('2026-03-09T17:05:09.123456Z')).toBe('Mon, 09 Mar 2026 17:05:09 +0000');
    expect(formatRFC1123Z(undefined)).toBe('Mon, 01 Jan 0001 00:00:00 +0000');
  });

  it('prints ages with HumanDuration, <unknown> when unset', () => {
    const now = Date.parse('2026-01-01T01:00:00Z');
    expect(timestampSince('2026-01-01T00:00:00Z', now)).toBe('60m');
    expect(timestampSince(undefined, now)).toBe('<unknown>');
    expect(timestampSince('2026-01-01T01:00:30Z', now)).toBe('<invalid>');
  });

  it('prints decoded JSON values like %v', () => {
    expect(goValue(3)).toBe('3');
    expect(goValue(0.5)).toBe('0.5');
    expect(goValue(1e6 + 0.5)).toBe('1.0000005e+06');
    expect(goValue(null)).toBe('<nil>');
    expect(goValue(true)).toBe('true');
  });
});

describe('multi-line blocks', () => {
  it('sorts labels and aligns continuation lines', () => {
    const out = tabbedString((w) => printLabelsMultiline(w, 'Labels', { b: '2', a: '1' }));
    expect(out).toBe('Labels:  a=1\n         b=2\n');
    expect(tabbedString((w) => printLabelsMultiline(w, 'Labels', {}))).toBe('Labels:  <none>\n');
  });

  it('skips last-applied-configuration and folds long annotations', () => {
    const long = 'x'.repeat(150);
    const out = tabbedString((w) =>
      printAnnotationsMultiline(w, 'Annotations', {
        'kubectl.kubernetes.io/last-applied-configuration': '{}',
        short: 'v',
        long,
        multi: 'one\ntwo\n',
      }),
    );
    expect(out).toBe(
      [
        'Annotations:  long:',
        `                ${'x'.repeat(138)}...`,
        '              multi:',
        '                one',
        '                two',
        '              short: v',
        '',
      ].join('\n'),
    );
  });

  it('prints taints sorted by effect then key', () => {
    const out = tabbedString((w) =>
      printTaintsMultiline(w, 'Taints', [
        { key: 'b', effect: 'NoSchedule' },
        { key: 'a', value: 'x', effect: 'PreferNoSchedule' },
        { key: 'c', effect: 'NoExecute' },
      ]),
    );
    expect(out).toBe('Taints:  c:NoExecute\n         b:NoSchedule\n         a=x:PreferNoSchedule\n');
  });

  it('prints tolerations with operator and seconds', () => {
    const out = tabbedString((w) =>
      printTolerationsMultiline(w, 'Tolerations', [
        { operator: 'Exists' },
        { key: 'k', operator: 'Equal', value: 'v', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      ]),
    );
    expect(out).toBe(
      'Tolerations:  op=Exists\n              k=v:NoSchedule\n              node.kubernetes.io/unreachable:NoExecute op=Exists for 300s\n',
    );
  });
});
