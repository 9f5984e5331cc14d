// bridge-context: hands the page's Bridge to components without a module singleton, so
// components can be rendered against a fake.

import { createContext, useContext } from 'react';
import type { Bridge } from './bridge';

export const BridgeContext = createContext<Bridge | null>(null);

export function useBridge(): Bridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error('useBridge: no <BridgeContext.Provider> above this component');
  return bridge;
}
