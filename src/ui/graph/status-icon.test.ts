import { describe, expect, it } from 'vitest';
import { podTone } from './model';
import { ICON_PATHS, statusIcon } from './status-icon';

const iconOf = (status: string, ready = '0/1') => statusIcon(status, podTone(status, ready));

describe('statusIcon', () => {
  it('gives every colour family a shape, and tells the failing statuses apart', () => {
    expect(iconOf('Running', '1/1')).toBe('check');
    expect(iconOf('Running', '0/1')).toBe('half');
    expect(iconOf('Completed')).toBe('done');
    expect(iconOf('Pending')).toBe('clock');
    expect(iconOf('ContainerCreating')).toBe('clock');
    expect(iconOf('CrashLoopBackOff')).toBe('loop');
    expect(iconOf('ImagePullBackOff')).toBe('pull');
    expect(iconOf('ErrImagePull')).toBe('pull');
    expect(iconOf('OOMKilled')).toBe('memory');
    expect(iconOf('Error')).toBe('cross');
    expect(iconOf('Terminating')).toBe('stop');
    expect(iconOf('Unknown')).toBe('question');
    expect(iconOf('CrashLoopBackOff')).not.toBe(iconOf('ImagePullBackOff'));
  });

  it('has a path for every icon', () => {
    for (const path of Object.values(ICON_PATHS)) expect(path).toMatch(/^M/);
  });
});
