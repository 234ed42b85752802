import { EventEmitter } from "node:events";

/** In-process notice that a generation changed; SSE streams wake on it (and poll as a fallback). */
export function createGenerationEvents() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    changed(id: string) {
      emitter.emit(id);
    },
    subscribe(id: string, fn: () => void): () => void {
      emitter.on(id, fn);
      return () => emitter.off(id, fn);
    },
  };
}
export type GenerationEvents = ReturnType<typeof createGenerationEvents>;
