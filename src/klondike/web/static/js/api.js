// The JSON API of docs/api.md: one call, one error shape.

/** A refusal: the server's reason key, its params, the English message and the current view. */
export class ApiError extends Error {
  constructor(status, reason, message, params, game) {
    super(message);
    this.status = status;
    this.reason = reason;
    this.params = params ?? {};
    this.game = game ?? null;
  }
}

/** Tells whether the server answers: "down" when a request found no server, "up" when one
 *  was answered (outage.js listens). */
export const connection = new EventTarget();

/** `method path` with a JSON `body`; resolves to the JSON answer or throws an ApiError. */
export async function call(method, path, body = undefined) {
  const init = { method, cache: "no-store", credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    connection.dispatchEvent(new Event("down"));
    throw new ApiError(0, "network", String(err?.message ?? err), {}, null);
  }
  connection.dispatchEvent(new Event("up"));
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (response.ok && data) return data;
  const error = data?.error ?? {};
  throw new ApiError(
    response.status,
    error.reason ?? (response.status >= 500 ? "server_error" : "bad_request"),
    error.message ?? response.statusText,
    error.params,
    data?.game,
  );
}
