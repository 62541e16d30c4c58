"""Serving the tables' pages (``app.py``) on the club's network with uvicorn, an ASGI server.

uvicorn runs on its own thread with its own asyncio loop, so the window that serves never
waits on it; ``clubdesk serve`` runs it on the main thread until Ctrl+C. The socket is bound
here first, where the director chose (an address of this laptop and a port), so that a
refusal says why in one line ("the port is in use") before anything is served.

Each connection (``_Connection``, uvicorn's own HTTP/1.1 one) is held to what a phone on
the club's network needs, so that no client can hold the others out: a request's line and
headers arrive within ``HEAD_S`` of the connection opening or of its last answer, the whole
request within ``REQUEST_S``, or the connection is closed; one address holds at most
``PER_CLIENT_MAX`` connections at once; an ``Upgrade`` header (a websocket) is answered as
a plain request, with nothing said to the director about packages to install.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import socket
import threading
from contextlib import suppress
from dataclasses import dataclass

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from clubdesk.errors import UserError
from clubdesk.web.app import TablesApp

__all__ = ["TablesServer", "bound_socket", "lan_addresses", "link_host"]

CONNECTIONS_MAX = 512  # open at once: far more than a hall's phones
PER_CLIENT_MAX = 16  # open at once from one address: a phone's browser opens six at most
HEAD_S = 5.0  # a request's line and headers arrive within this, or the connection is closed
REQUEST_S = 10.0  # and its body too within this (a sheet's megabyte at most, on slow Wi-Fi)
STARTING_S = 10.0


def bound_socket(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port``; UserError naming ``--host`` or ``--port``
    with the reason when it cannot be."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        raise UserError(
            f"--host: {host[:60]!r} is not an address of this computer "
            "(e.g. 192.168.1.20, or 0.0.0.0 for all of them)",
            field="host",
        ) from None
    if not 0 <= port <= 65535:
        raise UserError(f"--port: {port} is not a port (0 to 65535)", field="port")
    family = socket.AF_INET6 if address.version == 6 else socket.AF_INET
    # said to be TCP, so that asyncio sends each connection's writes at once (TCP_NODELAY):
    # a socket of protocol 0 is left to Nagle's algorithm, and an answer's body waited for
    # the phone's delayed acknowledgement of its head, 40 ms a request on a kept connection
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as error:
        sock.close()
        raise UserError(_refusal(host, port, error), field=_field_of(error)) from None
    sock.setblocking(False)
    return sock


def _refusal(host: str, port: int, error: OSError) -> str:
    if error.errno == errno.EADDRINUSE:
        return f"--port: {port} is in use on {host} (another program serves there; pick another)"
    if error.errno in (errno.EACCES, errno.EPERM):
        return f"--port: {port} needs the administrator's rights; pick one above 1023"
    if error.errno == errno.EADDRNOTAVAIL:
        return f"--host: {host} is not an address of this computer"
    return f"--host: could not listen on {host}:{port} ({error.strerror or error})"


def _field_of(error: OSError) -> str:
    return "host" if error.errno == errno.EADDRNOTAVAIL else "port"


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses that other devices could reach (not loopback), as the
    system resolves its own name; may be empty."""
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    addresses = []
    for *_, where in found:
        text = str(where[0])
        if not ipaddress.ip_address(text).is_loopback and text not in addresses:
            addresses.append(text)
    return addresses


def link_host(host: str) -> str:
    """The host the tables' links name for a server listening on ``host``: that address, or
    for every address (0.0.0.0) the first one other devices could reach."""
    if host in ("0.0.0.0", "::"):
        found = lan_addresses()
        return found[0] if found else socket.gethostname()
    return f"[{host}]" if ":" in host else host


@dataclass
class TablesServer:
    """One server of ``app`` on ``host``:``port`` (0: a free port, chosen on start)."""

    app: TablesApp
    host: str
    port: int

    def __post_init__(self) -> None:
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def _made(self) -> tuple[uvicorn.Server, socket.socket]:
        sock = bound_socket(self.host, self.port)
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(
            self.app,
            log_config=None,
            log_level="warning",
            access_log=False,
            lifespan="off",
            loop="asyncio",
            http=_Connection,
            ws="none",
            limit_concurrency=CONNECTIONS_MAX,
            timeout_keep_alive=5,
            server_header=False,
            h11_max_incomplete_event_size=16 * 1024,
        )
        return _Server(config), sock

    def start(self) -> None:
        """Serve on a thread of its own; returns once the server listens (UserError: the
        address refused, and why)."""
        server, sock = self._made()
        self._server = server
        self._thread = threading.Thread(
            target=server.run, kwargs={"sockets": [sock]}, name="tables-server", daemon=True
        )
        self._thread.start()
        server.settled.wait(STARTING_S)
        if not server.started:
            self.stop()
            raise UserError(f"--port: the server on {self.host}:{self.port} did not start")

    def serve_here(self) -> None:
        """Serve on this thread until interrupted (Ctrl+C)."""
        server, sock = self._made()
        self._server = server
        server.run(sockets=[sock])

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        """Stop serving and wait for the server's thread (connections are closed)."""
        if self._server is not None:
            self._server.stop_now()
        if self._thread is not None:
            self._thread.join(timeout=STARTING_S)
        self._server = self._thread = None


class _Server(uvicorn.Server):
    """uvicorn's server, said to listen as soon as it does and stopped as soon as it is told:
    the window waits for both. uvicorn looks whether it should stop every tenth of a second,
    then waits another tenth for the connections it closes, so the window that stopped
    serving (or closed) waited a fifth of a second for an idle server. Here ``stop_now``
    ends the wait for the next look, and with no connection open there is nothing to wait
    for; with phones connected, uvicorn's own shutdown runs."""

    _loop: asyncio.AbstractEventLoop | None = None
    _told: asyncio.Event | None = None

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        # set once it serves, or once it has stopped without serving: ``start`` waits for it
        self.settled = threading.Event()

    def run(self, sockets: list[socket.socket] | None = None) -> None:
        try:
            super().run(sockets)
        finally:  # however it ended, stopped or never serving: its socket is closed
            for sock in sockets or []:
                sock.close()
            self.settled.set()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            self.settled.set()

    def stop_now(self) -> None:
        """Stop serving (from any thread); ``run`` returns soon after."""
        self.should_exit = True
        loop, told = self._loop, self._told
        if loop is not None and told is not None:
            with suppress(RuntimeError):  # the loop has closed: the server has stopped
                loop.call_soon_threadsafe(told.set)

    async def main_loop(self) -> None:
        self._loop, self._told = asyncio.get_running_loop(), asyncio.Event()
        counter = 0
        while not await self.on_tick(counter):
            counter = (counter + 1) % 864_000
            with suppress(TimeoutError):
                await asyncio.wait_for(self._told.wait(), 0.1)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        if self.server_state.connections or self.server_state.tasks:
            await super().shutdown(sockets)
            return
        for server in self.servers:
            server.close()  # its sockets are closed as ``run`` ends
        await self.lifespan.shutdown()


class _Connection(H11Protocol):
    """uvicorn's HTTP/1.1 connection, held to the limits the module names."""

    _deadlines: tuple[asyncio.TimerHandle, ...] = ()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client is not None else None
        held = sum(1 for other in self.connections if other.client and other.client[0] == host)
        if host is not None and held > PER_CLIENT_MAX:
            transport.close()  # the address holds its share already
            return
        self._set_deadlines()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._set_deadlines()  # the next request's, on a connection kept open

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_deadlines()
        super().connection_lost(exc)

    def _set_deadlines(self) -> None:
        self._cancel_deadlines()
        self._deadlines = (
            self.loop.call_later(HEAD_S, self._overdue, (h11.IDLE,)),
            self.loop.call_later(REQUEST_S, self._overdue, (h11.IDLE, h11.SEND_BODY)),
        )

    def _cancel_deadlines(self) -> None:
        for deadline in self._deadlines:
            deadline.cancel()
        self._deadlines = ()

    def _overdue(self, unfinished: tuple[object, ...]) -> None:
        # IDLE: the request's head is not all in; SEND_BODY: its body is not. A request in
        # whole is answered however long the answer takes.
        if self.conn.their_state in unfinished and not self.transport.is_closing():
            self.transport.close()  # the app reading the body is told the client left

    def _unsupported_upgrade_warning(self) -> None:
        pass  # answered as a plain request: nothing for the director to do
