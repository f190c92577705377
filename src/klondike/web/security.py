"""The guard in front of the app: Host check, same-origin POSTs, JSON only, small bodies.

A pure ASGI middleware (no per-request task, so it costs next to nothing):

- every request must name the server in its ``Host`` header (against DNS rebinding):
  403 ``bad_host``;
- a request to ``/api/`` marked ``Sec-Fetch-Site: cross-site`` comes from another web
  site: 403 ``bad_origin`` (a page of another site opened by a link still loads);
- a state-changing request (any method but GET, HEAD and OPTIONS) with an ``Origin`` other
  than the server's own: 403 ``bad_origin``;
- a POST or PUT (the API's methods with a body) without ``Content-Type: application/json``:
  415 ``bad_content_type`` (an HTML form of another page cannot send that); with a body
  over `MAX_BODY` bytes: 413 ``too_large``.

No CORS headers are ever sent, so another page cannot read any answer either.

>>> host_allowed("localhost:8765", ("localhost:8765",))
True
>>> host_allowed("LOCALHOST:8765", ("localhost",)), host_allowed("evil.test:8765", ("localhost",))
(True, False)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from .refusals import ECHO_LIMIT, Refusal

MAX_BODY = 16 * 1024
"""The largest request body accepted, in bytes."""

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
"""The names of this machine that the server always answers to."""

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
BODY_METHODS = frozenset({"POST", "PUT"})  # the API's methods that take a body

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def host_allowed(host: str, allowed: Iterable[str]) -> bool:
    """True if the Host header ``host`` names the server.

    An entry ``name:port`` allows exactly that; a bare ``name`` allows it with any port.
    """
    host = host.strip().lower()
    for entry in allowed:
        entry = entry.lower()
        if host == entry:
            return True
        if ":" not in entry.rpartition("]")[2] and host.startswith(entry + ":"):
            port = host[len(entry) + 1 :]
            if port.isdigit():
                return True
    return False


class Guard:
    """The ASGI middleware described in the module docstring."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str] = LOOPBACK_NAMES) -> None:
        self.app = app
        self.allowed_hosts = tuple(h.lower() for h in allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = _with_headers(send)
        headers: dict[bytes, bytes] = {}
        for key, value in scope["headers"]:
            headers.setdefault(key.lower(), value)
        host = headers.get(b"host", b"").decode("latin-1")
        if not host_allowed(host, self.allowed_hosts):
            await _refuse(send, "bad_host", host=host[:ECHO_LIMIT])
            return
        site = headers.get(b"sec-fetch-site", b"").lower()
        method = scope["method"]
        if site == b"cross-site" and (
            scope["path"].startswith("/api/") or method not in SAFE_METHODS
        ):
            await _refuse(send, "bad_origin")
            return
        if method in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        origin = headers.get(b"origin")
        if origin is not None and origin.decode("latin-1").lower() != f"http://{host}".lower():
            await _refuse(send, "bad_origin")
            return
        if method not in BODY_METHODS:
            await self.app(scope, receive, send)  # PUT, DELETE, …: the app says 405
            return
        media_type = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
        if media_type != b"application/json":
            await _refuse(send, "bad_content_type")
            return
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _refuse(send, "too_large", limit=MAX_BODY)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                await _refuse(send, "too_large", limit=MAX_BODY)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, _replay(b"".join(chunks), receive), send)


CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)
"""The page's own origin only: no inline script or style attribute, no plugin, no other
site's script, image or connection, no ``<base>``, no form sent anywhere, no framing."""

PROTECTIVE_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"referrer-policy", b"no-referrer"),
]
"""Sent with every answer: no content sniffing, a strict content policy, no framing by
another page, no referrer."""


def _with_headers(send: Send) -> Send:
    """A send callable that adds `PROTECTIVE_HEADERS` to the response start."""

    async def send_with_headers(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", ()), *PROTECTIVE_HEADERS]
        await send(message)

    return send_with_headers


def _replay(body: bytes, receive: Receive) -> Receive:
    """A receive callable that gives the body read already, then what the client sends."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def _refuse(send: Send, reason: str, **params: object) -> None:
    """Answer with the refusal ``reason`` (its status and the API's error body)."""
    refusal = Refusal(reason, params)
    body = refusal.body_bytes()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    headers += [
        (name.lower().encode(), value.encode()) for name, value in refusal.headers().items()
    ]
    await send({"type": "http.response.start", "status": refusal.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
