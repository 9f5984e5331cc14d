import { describe, expect, it } from 'vitest';
import { Clock } from '../clock/clock';
import { ControllerExpectations, EXPECTATIONS_TIMEOUT_MS, UIDTrackingControllerExpectations } from './expectations';

describe('ControllerExpectations', () => {
  it('is satisfied without a record, then once the expected adds and deletes are observed', () => {
    const clock = new Clock();
    const e = new ControllerExpectations(clock);
    expect(e.satisfiedExpectations('ns/rs')).toBe(true);
    e.expectCreations('ns/rs', 2);
    expect(e.satisfiedExpectations('ns/rs')).toBe(false);
    e.creationObserved('ns/rs');
    expect(e.satisfiedExpectations('ns/rs')).toBe(false);
    e.creationObserved('ns/rs');
    expect(e.satisfiedExpectations('ns/rs')).toBe(true);
    // ExpectDeletions overwrites the record.
    e.expectCreations('ns/rs', 5);
    e.expectDeletions('ns/rs', 1);
    expect(e.getExpectations('ns/rs')).toMatchObject({ add: 0, del: 1 });
    e.deleteExpectations('ns/rs');
    expect(e.satisfiedExpectations('ns/rs')).toBe(true);
  });

  it('counts a record older than the 5 minute timeout as satisfied', () => {
    const clock = new Clock();
    const e = new ControllerExpectations(clock);
    e.expectCreations('k', 1);
    clock.advance(EXPECTATIONS_TIMEOUT_MS);
    expect(e.satisfiedExpectations('k')).toBe(false);
    clock.advance(1);
    expect(e.satisfiedExpectations('k')).toBe(true);
  });
});

describe('UIDTrackingControllerExpectations', () => {
  it('observes each expected deletion once, and ignores pods it did not delete', () => {
    const e = new UIDTrackingControllerExpectations(new Clock());
    e.expectDeletionsOf('ns/rs', ['ns/a', 'ns/b']);
    e.deletionObservedOf('ns/rs', 'ns/a');
    e.deletionObservedOf('ns/rs', 'ns/a'); // the delete after the update that set deletionTimestamp
    e.deletionObservedOf('ns/rs', 'ns/other');
    expect(e.satisfiedExpectations('ns/rs')).toBe(false);
    e.deletionObservedOf('ns/rs', 'ns/b');
    expect(e.satisfiedExpectations('ns/rs')).toBe(true);
    expect(e.getUIDs('ns/rs')?.size).toBe(0);
    e.deleteExpectations('ns/rs');
    expect(e.getUIDs('ns/rs')).toBeUndefined();
  });
});
