import { EventEmitter } from "node:events";
import { type ChangeBus, createLocalChangeBus } from "../../infra/db/change-bus";

/**
 * Notice that a job changed (an avatar generation, or a Kanvas run through its pictures); SSE
 * streams wake on it and poll as a fallback. Over the change bus, so a job a worker process moves
 * on is followed live from any API process (PostgreSQL LISTEN/NOTIFY; in-process on the embedded
 * database).
 */
export function createJobEvents(bus: ChangeBus = createLocalChangeBus()) {
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
export type JobEvents = ReturnType<typeof createJobEvents>;
