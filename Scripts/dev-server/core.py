"""The shared core of the reference API server: HTTP handling, the routing table assembled from the resource
modules, the state, bearer authentication, JSON errors and the limits.

A resource module (users.py, invoices.py, ...) is one file in this folder that declares:

  ROUTES        a list of `Route(method, path, handler)`; `path` is exact, or a regular expression whose named
                groups reach the handler as `request.params`; method "*" answers every method
  USAGE         its lines of `--help`, in the API section (and optionally CONTROL_USAGE for the test-control one)
  SERVES        the units whose code calls it (Scripts/affected tests them when the file changes)
  fresh_data()  optional: the resource's data when the server starts or forgets its data; handlers reach it as
                `request.data`

The core finds every such module in this folder (sorted by file name), so adding a resource is one new file.
Handlers take a `Request` and return `(status, payload, headers)`, or raise `ApiError`; a payload of bytes is
sent as application/octet-stream, anything else as JSON.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import secrets
import socket
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import ModuleType
from typing import Any, Callable
from urllib.parse import parse_qs, urlsplit

HOST = "127.0.0.1"
MAX_BODY_BYTES = 16 * 1024 * 1024

#: The units whose tests start this server (through NetworkingTesting's DevServer or the app's own launcher): a
#: change to the core, the command line or a file that declares no SERVES affects them, and what depends on them.
SERVER_CLIENTS = ("Networking", "CompositionRoot", "Ledger", "DevServer")

#: Paths under this prefix, and every route declared with `control=True`, are test control: never counted,
#: delayed or failed themselves.
CONTROL_PREFIX = "/_control/"

Response = tuple[int, Any, dict[str, str]]

USAGE_HEADER = """\
API (JSON bodies; errors are {"error": {"code": "...", "message": "...", ...}} with a stable code)
"""

USAGE_NOTES = """\
  Bearer failures are 401 with "WWW-Authenticate: Bearer ..." and a code: missing_token, invalid_token (unknown)
  or token_expired (expired or superseded by a refresh; the body and header carry "token_version").
  Other failures: 400 malformed_json / invalid_idempotency_key / bad_request, 404 not_found,
  405 method_not_allowed (with Allow), 411 length_required, 413 body_too_large (over 16 MiB).
"""

CONTROL_HEADER = """\
Test control (never counted, delayed or failed themselves)
"""


def now_iso() -> str:
    """The current UTC time as ISO 8601 with seconds, the only date format the API returns."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def is_integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_header_safe(text: str) -> bool:
    return all(32 <= ord(character) < 127 for character in text)


# ---------------------------------------------------------------------------------------------------------------
# Errors


class ApiError(Exception):
    """A failure answered as `{"error": {...}}` with a stable code."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        extra: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra or {}
        self.headers = headers or {}

    def body(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        error.update(self.extra)
        return {"error": error}


def validation_error(fields: list[dict[str, str]]) -> ApiError:
    return ApiError(422, "validation_failed", "the request has invalid fields", {"fields": fields})


# ---------------------------------------------------------------------------------------------------------------
# Routes and resources


@dataclass(frozen=True)
class Route:
    """One endpoint: `path` is matched whole (a regular expression; named groups become `request.params`)."""

    method: str
    path: str
    handler: Callable[["Request"], Response]
    control: bool = False
    pattern: re.Pattern = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pattern", re.compile(self.path))

    @property
    def shown(self) -> str:
        """The path as `--help` writes it: each named group as `{name}`."""
        return re.sub(r"\(\?P<(\w+)>[^)]*\)", r"{\1}", self.path)

    def match(self, path: str) -> dict[str, str] | None:
        found = self.pattern.fullmatch(path)
        return found.groupdict() if found else None


def load_resources(folder: str | None = None) -> list[ModuleType]:
    """Every module of this folder that declares ROUTES, sorted by file name."""
    folder = folder or os.path.dirname(os.path.abspath(__file__))
    if folder not in sys.path:
        sys.path.insert(0, folder)
    modules = []
    for name in sorted(os.listdir(folder)):
        stem, extension = os.path.splitext(name)
        if extension != ".py" or stem.startswith("_") or stem == "core":
            continue
        module = importlib.import_module(stem)
        if hasattr(module, "ROUTES"):
            modules.append(module)
    return modules


def routing_table(resources: list[ModuleType]) -> list[Route]:
    """Every resource's routes; two resources declaring the same method and path is a startup error."""
    routes: list[Route] = []
    owners: dict[tuple[str, str], str] = {}
    for module in resources:
        for route in module.ROUTES:
            key = (route.method, route.path)
            if key in owners:
                raise SystemExit(f"dev-server: {owners[key]}.py and {module.__name__}.py both declare "
                                 f"{route.method} {route.shown}; one resource owns each endpoint")
            owners[key] = module.__name__
            routes.append(route)
    return routes


def usage(resources: list[ModuleType]) -> str:
    """The API section of `--help`: every resource's lines, then the shared notes and the control section."""
    api = "".join(getattr(module, "USAGE", "") for module in resources)
    control = "".join(getattr(module, "CONTROL_USAGE", "") for module in resources)
    text = USAGE_HEADER + "\n" + api + "\n" + USAGE_NOTES
    if control:
        text += "\n" + CONTROL_HEADER + "\n" + control
    return text


# ---------------------------------------------------------------------------------------------------------------
# State


class FailureRule:
    """The next `remaining` requests matching `path` and `method` answer `status`."""

    def __init__(self, remaining: int, status: int, retry_after: str | None, path: str | None, method: str | None):
        self.remaining = remaining
        self.status = status
        self.retry_after = retry_after
        self.path = path
        self.method = method

    def matches(self, method: str, path: str) -> bool:
        return (
            self.remaining > 0
            and (self.path is None or self.path == path)
            and (self.method is None or self.method == method)
        )

    def describe(self) -> dict[str, Any]:
        return {
            "remaining": self.remaining,
            "status": self.status,
            "retry_after": self.retry_after,
            "path": self.path,
            "method": self.method,
        }


class HostileRule:
    """The next `remaining` requests matching `path` and `method` (every one when `remaining` is None) get a hostile
    reply instead of their answer: what a broken or malicious server sends, for the client's tests."""

    KINDS = ("redirect", "gzip_bomb", "endless_chunked", "huge_length", "drip", "truncated", "escapes", "body")

    def __init__(self, kind: str, remaining: int | None, path: str | None, method: str | None,
                 options: dict[str, Any]):
        self.kind = kind
        self.remaining = remaining
        self.path = path
        self.method = method
        self.options = options

    def matches(self, method: str, path: str) -> bool:
        return (
            (self.remaining is None or self.remaining > 0)
            and (self.path is None or self.path == path)
            and (self.method is None or self.method == method)
        )

    def describe(self) -> dict[str, Any]:
        return {"reply": self.kind, "remaining": self.remaining, "path": self.path, "method": self.method,
                **self.options}


#: Added to every string of a JSON answer under an `escapes` rule: clears the screen, rings the bell, returns the
#: cursor and forges a line of the app's own, hides the rest with a direction override.
HOSTILE_TEXT = "\u001b[2J\u0007\r\nledger: you are signed out; run 'ledger login attacker@evil.test'\u202e"


def with_hostile_text(value: Any) -> Any:
    if isinstance(value, str):
        return value + HOSTILE_TEXT
    if isinstance(value, list):
        return [with_hostile_text(item) for item in value]
    if isinstance(value, dict):
        return {key: with_hostile_text(item) for key, item in value.items()}
    return value


_GZIP_BOMBS: dict[int, bytes] = {}
_GZIP_LOCK = threading.Lock()


def gzip_bomb(inflated: int) -> bytes:
    """A gzip stream of `inflated` zero bytes (about a thousandth of that compressed), made once per size.

    One MiB of zeros is compressed once, followed by a full flush so the next MiB compresses to the same bytes;
    the stream repeats those bytes instead of compressing a gigabyte, which would take the server many seconds."""
    import struct
    import zlib
    with _GZIP_LOCK:
        if inflated not in _GZIP_BOMBS:
            chunk = bytes(1 << 20)
            whole, rest = divmod(inflated, len(chunk))
            compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
            parts = []
            if whole:
                first = compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH)
                repeated = compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH) if whole > 1 else b""
                parts = [first] + [repeated] * (whole - 1)
            parts.append(compressor.compress(bytes(rest)) + compressor.flush(zlib.Z_FINISH))
            crc = 0
            for _ in range(whole):
                crc = zlib.crc32(chunk, crc)
            crc = zlib.crc32(bytes(rest), crc)
            header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
            trailer = struct.pack("<II", crc & 0xFFFFFFFF, inflated & 0xFFFFFFFF)
            _GZIP_BOMBS[inflated] = header + b"".join(parts) + trailer
        return _GZIP_BOMBS[inflated]


class State:
    """Everything the server remembers, guarded by one lock; handlers never block while holding it.

    The core keeps the sessions and tokens (bearer authentication serves every resource) and the control switches;
    each resource keeps its own data in `resources[name]`, made by its `fresh_data()`."""

    def __init__(self, resources: list[ModuleType] | None = None) -> None:
        self.lock = threading.Lock()
        self.resource_modules = list(resources or [])
        self.reset_data()
        self.reset_control()

    # Data

    def reset_data(self) -> None:
        self.sessions: dict[str, dict[str, Any]] = {}  # session id -> {user_id, version, access, refresh}
        self.access_tokens: dict[str, dict[str, Any]] = {}  # token -> {session, version, expired}
        self.refresh_tokens: dict[str, str] = {}  # token -> session id
        self.resources: dict[str, dict[str, Any]] = {
            module.__name__: module.fresh_data() for module in self.resource_modules if hasattr(module, "fresh_data")
        }

    # Control and statistics

    def reset_control(self) -> None:
        self.latency_ms = 0
        self.failures: list[FailureRule] = []
        self.hostile: list[HostileRule] = []
        gate = getattr(self, "gate", None)
        if gate is not None:
            gate.set()
        self.gate = threading.Event()
        self.gate.set()
        self.paths: Counter[str] = Counter()
        self.routes: Counter[str] = Counter()
        self.statuses: Counter[str] = Counter()
        self.authorized: Counter[str] = Counter()
        self.delayed_ms = 0

    def control_state(self) -> dict[str, Any]:
        return {
            "latency_ms": self.latency_ms,
            "hang": not self.gate.is_set(),
            "failures": [rule.describe() for rule in self.failures if rule.remaining > 0],
            "hostile": [rule.describe() for rule in self.hostile if rule.remaining is None or rule.remaining > 0],
        }

    def release_hung_requests(self) -> None:
        self.gate.set()


# ---------------------------------------------------------------------------------------------------------------
# Bearer authentication: sessions and tokens, shared by every resource


def open_session(state: State, user_id: str) -> dict[str, Any]:
    """A new session for `user_id` and its first token pair. Call under the lock."""
    session_id = secrets.token_hex(8)
    state.sessions[session_id] = {"user_id": user_id, "version": 0}
    return new_token_pair(state, session_id)


def refresh_session(state: State, refresh_token: Any) -> dict[str, Any] | None:
    """The next token pair of the session `refresh_token` belongs to, or None when it is unknown or used. Call
    under the lock."""
    session_id = state.refresh_tokens.get(refresh_token) if isinstance(refresh_token, str) else None
    return new_token_pair(state, session_id) if session_id is not None else None


def new_token_pair(state: State, session_id: str) -> dict[str, Any]:
    """Issues the session's next access and refresh token; the previous ones stop working. Call under the lock."""
    session = state.sessions[session_id]
    if session.get("access") in state.access_tokens:
        state.access_tokens[session["access"]]["expired"] = True
    state.refresh_tokens.pop(session.get("refresh", ""), None)
    session["version"] += 1
    version = session["version"]
    access = f"v{version}.{secrets.token_urlsafe(24)}"
    refresh = f"rt.{secrets.token_urlsafe(32)}"
    session["access"], session["refresh"] = access, refresh
    state.access_tokens[access] = {"session": session_id, "version": version, "expired": False}
    state.refresh_tokens[refresh] = session_id
    return {"access_token": access, "refresh_token": refresh, "token_type": "Bearer", "version": version}


def expire_access_tokens(state: State) -> None:
    """Every access token issued so far answers 401 token_expired; refresh tokens keep working. Call under the
    lock."""
    for record in state.access_tokens.values():
        record["expired"] = True


def bearer_session(request: "Request") -> dict[str, Any]:
    """The session of the request's bearer token ({user_id, version}), or a 401 saying what failed and for which
    version."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(
            401, "missing_token", "send Authorization: Bearer <access token>", {},
            {"WWW-Authenticate": 'Bearer realm="ledger"'},
        )
    state = request.state
    with state.lock:
        record = state.access_tokens.get(token.strip())
        if record is None:
            raise ApiError(
                401, "invalid_token", "the access token is unknown", {},
                {"WWW-Authenticate": 'Bearer realm="ledger", error="invalid_token"'},
            )
        if record["expired"]:
            version = record["version"]
            raise ApiError(
                401, "token_expired", f"the access token of version {version} expired", {"token_version": version},
                {
                    "WWW-Authenticate": f'Bearer realm="ledger", error="invalid_token", '
                    f'error_description="token expired", token_version="{version}"'
                },
            )
        session = state.sessions[record["session"]]
        return {"user_id": session["user_id"], "version": record["version"]}


# ---------------------------------------------------------------------------------------------------------------
# Requests


class Request:
    """What a handler sees: the method, path, query, headers and body, the state, its route's parameters and its
    resource's data."""

    def __init__(self, handler: "Handler", method: str, path: str, query: dict[str, list[str]], body: bytes):
        self.handler = handler
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.headers = handler.headers
        self.state: State = handler.server.state
        self.params: dict[str, str] = {}
        self.resource = ""

    @property
    def data(self) -> dict[str, Any]:
        """The data of the resource that declared the route (its `fresh_data()`); read and write it under
        `state.lock`."""
        return self.state.resources[self.resource]

    def json_body(self) -> Any:
        if not self.body:
            raise ApiError(400, "malformed_json", "the body is empty; send a JSON object")
        try:
            return json.loads(self.body.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
            raise ApiError(400, "malformed_json", f"the body is not JSON: {error}") from None

    def json_object(self) -> dict[str, Any]:
        value = self.json_body()
        if not isinstance(value, dict):
            raise validation_error([{"field": "", "code": "not_an_object"}])
        return value


# ---------------------------------------------------------------------------------------------------------------
# HTTP


class LedgerServer(ThreadingHTTPServer):
    """One thread per connection; threads are daemons so a hung request never blocks exit."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 256

    def __init__(self, port: int, verbose: bool, resources: list[ModuleType] | None = None) -> None:
        resources = load_resources() if resources is None else resources
        self.route_table = routing_table(resources)
        self.owner = {id(route): module.__name__ for module in resources for route in module.ROUTES}
        self.state = State(resources)
        self.verbose = verbose
        super().__init__((HOST, port), Handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that gives up (a timeout, a cancelled task) resets its connection; that is normal here.
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)) and not self.verbose:
            return
        super().handle_error(request, client_address)

    def is_control(self, path: str) -> bool:
        return path.startswith(CONTROL_PREFIX) or any(
            route.control and route.match(path) is not None for route in self.route_table
        )


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "LedgerDevServer/1"
    server: LedgerServer

    # Dispatch

    def do_GET(self) -> None:
        self.dispatch("GET")

    def do_POST(self) -> None:
        self.dispatch("POST")

    def do_PUT(self) -> None:
        self.dispatch("PUT")

    def do_PATCH(self) -> None:
        self.dispatch("PATCH")

    def do_DELETE(self) -> None:
        self.dispatch("DELETE")

    def do_HEAD(self) -> None:
        self.dispatch("HEAD")

    def do_OPTIONS(self) -> None:
        self.dispatch("OPTIONS")

    def setup(self) -> None:
        super().setup()
        # Headers and body go out in separate writes; without TCP_NODELAY, Nagle's algorithm holds the body back
        # until the client's delayed ACK (about 40 ms per response on Linux).
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        if self.server.verbose:
            super().log_message(format, *args)

    def dispatch(self, method: str) -> None:
        parts = urlsplit(self.path)
        path = parts.path
        query = parse_qs(parts.query, keep_blank_values=True)
        state = self.server.state
        is_control = self.server.is_control(path)
        hostile = None
        try:
            if not is_control:
                self.before_api_request(method, path)
                hostile = self.take_hostile_rule(method, path)
            body = self.read_body()
            if hostile is not None and hostile.kind not in ("escapes",):
                with state.lock:
                    state.statuses["hostile"] += 1
                self.reply_hostile(hostile)
                return
            status, payload, headers = self.route(Request(self, method, path, query, body))
            if hostile is not None:
                payload = with_hostile_text(payload)
        except ApiError as error:
            status, payload, headers = error.status, error.body(), error.headers
        if not is_control:
            with state.lock:
                state.statuses[str(status)] += 1
        self.respond(status, payload, headers, head_only=method == "HEAD")

    def take_hostile_rule(self, method: str, path: str) -> "HostileRule | None":
        state = self.server.state
        with state.lock:
            rule = next((rule for rule in state.hostile if rule.matches(method, path)), None)
            if rule is not None and rule.remaining is not None:
                rule.remaining -= 1
            return rule

    def reply_hostile(self, rule: "HostileRule") -> None:
        """Writes what the rule says, bypassing the normal answer; the connection is closed afterwards."""
        self.close_connection = True
        options = rule.options
        try:
            if rule.kind == "redirect":
                self.send_response(options["status"])
                self.send_header("Location", options["location"])
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif rule.kind == "gzip_bomb":
                data = gzip_bomb(options["inflated_bytes"])
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            elif rule.kind == "endless_chunked":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                chunk = b"[" + b"0," * 32767 + b"0"
                framed = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
                while True:
                    self.wfile.write(framed)
            elif rule.kind == "huge_length":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(options["declared_bytes"]))
                self.end_headers()
                block = bytes(1 << 16)
                sent = 0
                while sent < options["declared_bytes"]:
                    self.wfile.write(block)
                    sent += len(block)
            elif rule.kind == "drip":
                body = b'{"version": 1, "sections": []}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                for byte in body:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(options["interval_ms"] / 1000)
            elif rule.kind == "truncated":
                body = b'{"version": 1, "sections": ['
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body) * 10))
                self.end_headers()
                self.wfile.write(body)
            elif rule.kind == "body":
                data = options["text"].encode("utf-8")
                self.send_response(options["status"])
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, OSError):
            pass

    def before_api_request(self, method: str, path: str) -> None:
        """Counts the request, then applies hang, latency and injected failures, in that order."""
        state = self.server.state
        with state.lock:
            state.paths[path] += 1
            state.routes[f"{method} {path}"] += 1
            if self.headers.get("Authorization") is not None or self.headers.get("Cookie") is not None:
                state.authorized[path] += 1
            gate = state.gate
            latency = state.latency_ms
        gate.wait()
        if latency:
            time.sleep(latency / 1000)
            with state.lock:
                state.delayed_ms += latency
        with state.lock:
            rule = next((rule for rule in state.failures if rule.matches(method, path)), None)
            if rule is not None:
                rule.remaining -= 1
        if rule is not None:
            # The body was not read; the connection cannot be reused for the next request.
            self.close_connection = True
            headers = {"Retry-After": rule.retry_after} if rule.retry_after is not None else {}
            raise ApiError(rule.status, "injected_failure", "a failure injected through /_control", {}, headers)

    def route(self, request: Request) -> Response:
        """The first route whose path and method match; 405 with Allow when only the path does, else 404."""
        allowed: list[str] = []
        for route in self.server.route_table:
            params = route.match(request.path)
            if params is None:
                continue
            if route.method in ("*", request.method):
                request.params = params
                request.resource = self.server.owner[id(route)]
                return route.handler(request)
            if route.method not in allowed:
                allowed.append(route.method)
        if allowed:
            raise ApiError(405, "method_not_allowed", f"{request.method} is not allowed here", {},
                           {"Allow": ", ".join(allowed)})
        raise ApiError(404, "not_found", f"no route for {request.path}")

    # Request and response plumbing

    def read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            self.close_connection = True
            raise ApiError(411, "length_required", "send a Content-Length; chunked bodies are not supported")
        raw = self.headers.get("Content-Length")
        if raw is None:
            return b""
        try:
            length = int(raw)
        except ValueError:
            self.close_connection = True
            raise ApiError(400, "bad_request", "Content-Length is not a number") from None
        if length < 0:
            self.close_connection = True
            raise ApiError(400, "bad_request", "Content-Length is negative")
        if length > MAX_BODY_BYTES:
            self.close_connection = True
            raise ApiError(413, "body_too_large", f"bodies are limited to {MAX_BODY_BYTES} bytes")
        return self.rfile.read(length)

    def respond(self, status: int, payload: Any, headers: dict[str, str], head_only: bool = False) -> None:
        if isinstance(payload, bytes):
            data, content_type = payload, "application/octet-stream"
        else:
            data, content_type = json.dumps(payload).encode("utf-8"), "application/json; charset=utf-8"
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers.items():
                self.send_header(name, value)
            if self.close_connection:
                self.send_header("Connection", "close")
            self.end_headers()
            if not head_only:
                self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
