import type { CustomProfessionRepository } from "../../src/modules/custom-profession/custom-profession.repository";

type RequestStatus = Parameters<CustomProfessionRepository["setRequestStatus"]>[1];

/**
 * Custom action-figure requests' statuses in memory, as the repository moves them with their
 * generation: a completed request stays completed. `statuses` are the statuses by request id.
 */
export function fakeCustomRequests() {
  const statuses = new Map<string, RequestStatus>();
  const requests: Pick<CustomProfessionRepository, "setRequestStatus"> & {
    statuses: Map<string, RequestStatus>;
  } = {
    statuses,
    setRequestStatus(requestId, status) {
      if (statuses.get(requestId) !== "completed") statuses.set(requestId, status);
      return Promise.resolve();
    },
  };
  return requests;
}
