"""Servers forked from one process that has imported the server already.

Each test process starts, at its first server, ``python -m helpers.forks``: it imports
what ``python -m klondike`` imports to serve (about half a second of a core each time) and
then waits on a socket. Asked for a server, it forks; the child runs ``klondike`` with
the test's arguments, environment, folder and pipes (sent over the socket), exactly as
``python -m klondike ARGS`` would from there. The forking process reaps its children and
reports each one's exit status; `Forked` is the test's handle on one child, with the
parts of `subprocess.Popen` the tests use. It ends with the test process, and a server
still running then is stopped with it (SIGINT: a clean stop), so no server outlives a test
run that was cut short.
"""

from __future__ import annotations

import ctypes
import io
import json
import os
import select
import signal
import socket
import subprocess
import sys
import time

from helpers import with_tests_on_path

BUFFER = 1 << 16
PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the signal a process gets when its parent ends."""


def unchanging(environment: dict[str, str]) -> dict[str, str]:
    """``environment`` without pytest's account of the test running."""
    return {name: value for name, value in environment.items() if not name.startswith("PYTEST_")}


class Forked:
    """A server forked by the `Zygote`: its pid, its output pipes, its exit status once
    the zygote has reported it (as `subprocess.Popen`: negative for a signal)."""

    def __init__(self, zygote: Zygote, pid: int, stdout: int, stderr: int) -> None:
        self.zygote = zygote
        self.pid = pid
        self.stdout: io.TextIOWrapper | None = open(stdout, encoding="utf-8")  # noqa: SIM115
        self.stderr: io.TextIOWrapper | None = open(stderr, encoding="utf-8")  # noqa: SIM115
        self.returncode: int | None = None

    def poll(self) -> int | None:
        """The exit status, or None while it runs."""
        if self.returncode is None:
            self.returncode = self.zygote.status(self.pid, timeout=0)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        """Wait for the exit status (`subprocess.TimeoutExpired` after ``timeout`` s)."""
        if self.returncode is None:
            self.returncode = self.zygote.status(self.pid, timeout=timeout)
        if self.returncode is None:
            raise subprocess.TimeoutExpired(f"server {self.pid}", timeout or 0.0)
        return self.returncode

    def send_signal(self, sig: int) -> None:
        """Send ``sig`` if it still runs."""
        if self.poll() is None:
            os.kill(self.pid, sig)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def communicate(self, timeout: float | None = None) -> tuple[str, str]:
        """Read both pipes to their end, then wait for the exit status."""
        deadline = None if timeout is None else time.monotonic() + timeout
        pipes = {p.fileno(): p for p in (self.stdout, self.stderr) if p is not None}
        read: dict[int, list[bytes]] = {fd: [] for fd in pipes}
        while pipes:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select(list(pipes), [], [], left)
            if not ready:
                raise subprocess.TimeoutExpired(f"server {self.pid}", timeout or 0.0)
            for fd in ready:
                chunk = os.read(fd, BUFFER)
                if chunk:
                    read[fd].append(chunk)
                else:
                    pipes.pop(fd).close()
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        self.wait(left)
        out, err = (b"".join(chunks).decode() for chunks in read.values())
        self.stdout = self.stderr = None
        return out, err


class Zygote:
    """The test process's forking process (one message a packet, both ways)."""

    def __init__(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.environment = dict(os.environ)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "helpers.forks", str(theirs.fileno())],
            pass_fds=[theirs.fileno()],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            env=with_tests_on_path(self.environment),
        )
        theirs.close()
        self.sock = ours
        self.ended: dict[int, int] = {}

    def serves(self, environment: dict[str, str]) -> bool:
        """True if a server started in ``environment`` starts here the same as with
        ``python -m klondike``: the environment this process imported in, but for what
        pytest says of the test running (``PYTEST_CURRENT_TEST``), which the child gets."""
        return self.proc.poll() is None and unchanging(environment) == unchanging(self.environment)

    def start(self, argv: list[str], environment: dict[str, str]) -> Forked:
        """Fork ``klondike ARGV`` in ``environment`` and this test's folder."""
        out_read, out_write = os.pipe()
        err_read, err_write = os.pipe()
        request = {"argv": argv, "env": environment, "cwd": os.getcwd()}
        socket.send_fds(self.sock, [json.dumps(request).encode()], [out_write, err_write])
        os.close(out_write)
        os.close(err_write)
        while True:
            kind, pid, code = self.message(None)
            if kind == "started":
                return Forked(self, pid, out_read, err_read)
            self.ended[pid] = code

    def status(self, pid: int, timeout: float | None) -> int | None:
        """``pid``'s exit status once reported, waiting at most ``timeout`` s for it."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while pid not in self.ended:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            message = self.message(left)
            if message is None:
                return None
            _, ended, code = message
            self.ended[ended] = code
        return self.ended[pid]

    def message(self, timeout: float | None) -> tuple[str, int, int] | None:
        """The next report (kind, pid, code), or None if none came within ``timeout`` s."""
        ready, _, _ = select.select([self.sock], [], [], timeout)
        if not ready:
            return None
        packet = self.sock.recv(BUFFER)
        if not packet:
            raise RuntimeError("the forking process has stopped")
        kind, pid, code = packet.decode().split()
        return kind, int(pid), int(code)


_zygote: Zygote | None = None


def zygote() -> Zygote:
    """This test process's `Zygote`, started at the first call."""
    global _zygote
    if _zygote is None or _zygote.proc.poll() is not None:
        _zygote = Zygote()
    return _zygote


def serve(sock: socket.socket) -> int:
    """The forking process: import the server, then fork one child per request and report
    each child started and ended. In a child, returns what ``klondike`` returned."""
    import klondike.__main__
    import klondike.cli
    import klondike.web.serve  # what serving imports, before any fork

    forking = os.getpid()
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    children: set[int] = set()

    def report(kind: str, pid: int, code: int) -> None:
        sock.send(f"{kind} {pid} {code}".encode())

    while True:
        ready, _, _ = select.select([sock, wake_read], [], [])
        if wake_read in ready:
            os.read(wake_read, BUFFER)
        for pid in list(children):
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                children.discard(pid)
                report("ended", pid, os.waitstatus_to_exitcode(status))
        if sock not in ready:
            continue
        packet, fds, _, _ = socket.recv_fds(sock, BUFFER, 2)
        if not packet:
            return 0  # the test process is gone
        request = json.loads(packet)
        pid = os.fork()
        if pid == 0:  # the server: as `python -m klondike ARGV` from the test's folder
            signal.set_wakeup_fd(-1)
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            # Stopped (as by Ctrl-C) when the forking process ends: with the test process.
            ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGINT)
            if os.getppid() != forking:
                return 0  # it ended before that was asked
            os.close(wake_read)
            os.close(wake_write)
            sock.close()
            null = os.open(os.devnull, os.O_RDONLY)
            for fd, target in ((null, 0), *zip(fds, (1, 2), strict=True)):
                os.dup2(fd, target)
                os.close(fd)
            os.environ.clear()
            os.environ.update(request["env"])
            os.chdir(request["cwd"])
            sys.modules["__main__"] = klondike.__main__  # what solver workers import first
            sys.argv = [klondike.__main__.__file__, *request["argv"]]
            return klondike.cli.main(request["argv"])
        for fd in fds:
            os.close(fd)
        children.add(pid)
        report("started", pid, 0)


if __name__ == "__main__":
    sys.exit(serve(socket.socket(fileno=int(sys.argv[1]))))
