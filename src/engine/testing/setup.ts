// Vitest setup: every object committed to a test's API server is deep-frozen.
import { setFreezeByDefault } from '../api/freeze';

setFreezeByDefault(true);
