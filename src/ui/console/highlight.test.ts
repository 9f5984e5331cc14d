import { describe, expect, it } from 'vitest';
import { highlight } from './highlight';

describe('highlight', () => {
  it('dims table headers and colours statuses, keeping the text intact', () => {
    const text =
      'NAME      STATUS                     ROLES    AGE   VERSION\nnode-a1   Ready                      <none>   5m    v1.31.0\nnode-a2   NotReady,SchedulingDisabled   <none>   5m    v1.31.0\n';
    const segments = highlight(text);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments[0]).toEqual({ text: 'NAME      STATUS                     ROLES    AGE   VERSION', tone: 'header' });
    expect(segments.filter((s) => s.tone && s.tone !== 'header')).toEqual([
      { text: 'Ready', tone: 'ok' },
      { text: 'NotReady', tone: 'bad' },
      { text: 'SchedulingDisabled', tone: 'warn' },
    ]);
  });

  it('leaves words inside names alone', () => {
    expect(highlight('pod/error-page created\nready-check Running\n').filter((s) => s.tone)).toEqual([
      { text: 'Running', tone: 'ok' },
    ]);
  });

  it('knows init progress', () => {
    expect(highlight('web-1   0/1   Init:0/2   0   3s').filter((s) => s.tone)).toEqual([{ text: 'Init:0/2', tone: 'warn' }]);
  });
});
