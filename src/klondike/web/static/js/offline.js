// The page on the phone's home screen and without its server: registers the service worker
// (/sw.js, served by the server with its version), which keeps the page's files so that the
// page opens when the server does not answer, and takes a new version of them when the
// server has one. Nothing of the game is kept: that is the server's alone.

/**
 * Register the service worker (where the browser has them: a secure origin, localhost too).
 * @returns {Promise<ServiceWorkerRegistration | null>}
 */
export async function keepPageOffline() {
  if (!("serviceWorker" in navigator)) return null;
  try {
    return await navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" });
  } catch {
    return null; // not allowed here (an insecure origin, a private window): the page still works
  }
}
