import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextFireTime } from './next';
import { parseStandard } from './schedule';

// Schedule-like strings: fields built from the characters robfig's grammar uses, plus noise.
const fieldChars = fc.constantFrom(...'0123456789*?/-,+LW#abcdefghijklmnopqrstuvwxyzJANFEBMONSUN '.split(''));
const field = fc.array(fieldChars, { minLength: 0, maxLength: 8 }).map((cs) => cs.join(''));
// Well-formed fields: lists of `*`, `?`, `a`, `a-b`, each with an optional step, within 0..70.
const range = fc
  .tuple(
    fc.oneof(
      fc.constantFrom('*', '?'),
      fc.nat(70).map(String),
      fc.tuple(fc.nat(70), fc.nat(70)).map(([a, b]) => `${a}-${b}`),
    ),
    fc.option(fc.nat(70), { nil: undefined }),
  )
  .map(([r, step]) => (step === undefined ? r : `${r}/${step}`));
const wellFormed = fc.array(
  fc.array(range, { minLength: 1, maxLength: 3 }).map((rs) => rs.join(',')),
  {
    minLength: 5,
    maxLength: 5,
  },
);
const zone = fc.constantFrom('', 'TZ=Europe/Paris ', 'TZ=America/New_York ', 'CRON_TZ=Australia/Lord_Howe ');
const spec = fc.oneof(
  fc.tuple(zone, wellFormed).map(([z, fs]) => z + fs.join(' ')),
  fc.array(field, { minLength: 0, maxLength: 7 }).map((fs) => fs.join(' ')),
  fc.string(),
  fc.constantFrom('@every ', '@daily', 'TZ=', 'CRON_TZ=Europe/Paris ').chain((p) => fc.string().map((s) => p + s)),
);

describe('parseStandard never throws, and every schedule it accepts has a next time or none', () => {
  it('holds for random input', () => {
    fc.assert(
      fc.property(spec, fc.integer({ min: 0, max: 4_000_000_000_000 }), (s, from) => {
        const parsed = parseStandard(s);
        expect(parsed.schedule !== undefined || typeof parsed.error === 'string').toBe(true);
        if (parsed.schedule) {
          const next = nextFireTime(parsed.schedule, from);
          if (next !== undefined) expect(next).toBeGreaterThan(from);
        }
      }),
      { numRuns: 4000, seed: 17 },
    );
  });
});
