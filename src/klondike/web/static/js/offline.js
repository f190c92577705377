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

/**
 * Ask whether the server has another version of the page (when it answers again after an
 * outage — perhaps an upgrade — or when the page comes back into view, perhaps days later):
 * if it has, its worker takes over and the page loads again, the new one. The game is the
 * server's, so nothing is lost.
 */
export async function lookForNewPage() {
  const workers = navigator.serviceWorker;
  const registration = await workers?.getRegistration().catch(() => null);
  if (!registration?.active) return;
  let taken = false;
  const reload = () => {
    taken = true;
    location.reload();
  };
  workers.addEventListener("controllerchange", reload, { once: true });
  try {
    await registration.update();
  } catch {
    // no answer, or no worker there: the page stays as it is
  }
  if (!taken && !registration.installing && !registration.waiting) {
    workers.removeEventListener("controllerchange", reload);
  }
}
