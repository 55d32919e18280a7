// Tells this process's outbound workers that messages were queued, so a reply goes out at once instead of at the
// next pass. Other instances find them at their next pass.
type Listener = () => void;
const listeners = new Set<Listener>();

export function outboundQueued(): void {
  for (const listener of listeners) listener();
}

export function onOutboundQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
