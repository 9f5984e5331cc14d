// App: the page — top bar over a workspace with the nodes and the console.

import type { Bridge } from './bridge';
import { BridgeContext } from './bridge-context';
import { Console } from './components/Console';
import { NodesPanel } from './components/NodesPanel';
import { TopBar } from './components/TopBar';

export function App({ bridge }: { bridge: Bridge }) {
  return (
    <BridgeContext.Provider value={bridge}>
      <div className="app">
        <TopBar />
        <main className="workspace">
          <NodesPanel />
          <Console />
        </main>
      </div>
    </BridgeContext.Provider>
  );
}
