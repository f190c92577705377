// The page's service worker (docs/architecture.md, "Offline and upgrades"). The server
// serves this file at /sw.js with VERSION (the package's version and a digest of every page
// file) and FILES (every page file) written in, so a server with other page files serves
// another worker, which the browser installs in its place.
//
// Installed, it keeps every page file in the cache of its version; the older versions'
// caches go when it takes over. The page's files come from the server while it answers (so
// the page is never older than the server's) and from the cache when it does not: the page
// then opens all the same and says that the game needs its server (js/outage.js). The API
// (/api/) is never kept: the game itself is the server's alone.

const VERSION = "__VERSION__";
const FILES = ["__FILES__"];
const CACHE = `klondike-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    apiToTheServer(event)
      .then(() => caches.open(CACHE))
      .then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

/** The API goes straight to the server, not even through this worker, where the browser has
 *  static routes (a report the page sends as it closes is then never held up here); without
 *  them the fetch handler below lets it pass. */
async function apiToTheServer(event) {
  try {
    await event.addRoutes?.({ condition: { urlPattern: "/api/*" }, source: "network" });
  } catch {
    // no static routes in this browser
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("klondike-") && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname === "/sw.js") return;
  event.respondWith(serverFirst(request, url));
});

/** The server's answer; without a server, the kept file (the page itself for a page). */
async function serverFirst(request, url) {
  try {
    return await fetch(request);
  } catch (err) {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(request.mode === "navigate" ? "/" : url.pathname);
    if (kept) return kept;
    throw err;
  }
}
