// The entry of a render thread (render-pool.ts). The shop runs its TypeScript through tsx, whose loader a worker
// thread does not inherit: register it in this thread, then load the renderer.
import { register } from 'tsx/esm/api';

register();
await import('./render-thread.ts');
