import { EventEmitter } from "node:events";
import { type ChangeBus, createLocalChangeBus } from "../../infra/db/change-bus";

/**
 * Notice that a generation (or a Kanvas run) changed; SSE streams wake on it and poll as a
 * fallback. Over the change bus, so a generation a worker process moves on is followed live from
 * any API process (PostgreSQL LISTEN/NOTIFY; in-process on the embedded database).
 */
export function createGenerationEvents(bus: ChangeBus = createLocalChangeBus()) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  bus.subscribe("generation", (id) => emitter.emit(id));
  return {
    changed(id: string) {
      bus.publish("generation", id);
    },
    subscribe(id: string, fn: () => void): () => void {
      emitter.on(id, fn);
      return () => emitter.off(id, fn);
    },
  };
}
export type GenerationEvents = ReturnType<typeof createGenerationEvents>;
