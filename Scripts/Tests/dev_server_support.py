"""What the dev-server tests share: a running `Scripts/dev-server` on a free loopback port, a small JSON client for
it, and a test case that starts one server per class and resets it before each test."""

from __future__ import annotations

import http.client
import json
import os
import select
import signal
import subprocess
import sys
import time
import unittest
from typing import Any, Callable

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "dev-server")
PDF = b"%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n"

# Real time on purpose: these limits bound a process start and conditions on a real socket, which take milliseconds;
# they are generous so that a busy machine never trips them, and a server that never answers fails the test with a
# message instead of hanging the run.
STARTUP_LIMIT = 60.0
WAIT_LIMIT = 30.0


def wait_until(
    condition: Callable[[], bool],
    what: str,
    limit: float = WAIT_LIMIT,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> None:
    """Polls `condition` every 10 ms until it holds; after `limit` seconds raises AssertionError naming `what`, so a
    condition that never comes true fails the test instead of hanging it."""
    deadline = clock() + limit
    while not condition():
        if clock() >= deadline:
            raise AssertionError(f"{what} did not happen within {limit:g} s")
        sleep(0.01)


def read_first_line(stream: Any, limit: float = STARTUP_LIMIT) -> str | None:
    """The first line `stream` (a pipe) gives within `limit` seconds, or None when none came in time. The
    server prints one short line at once, so a wait for readability is all that can block."""
    ready, _, _ = select.select([stream], [], [], limit)
    return stream.readline() if ready else None


def load_resources() -> list:
    """The resource modules of Scripts/dev-server, imported in this process (its folder joins the import path)."""
    if SCRIPT not in sys.path:
        sys.path.insert(0, SCRIPT)
    import core  # noqa: E402 - lives in Scripts/dev-server

    return core.load_resources(SCRIPT)


class Server:
    """A running dev-server process and a small JSON client for it."""

    def __init__(self, *arguments: str, script: str = SCRIPT) -> None:
        self.process = subprocess.Popen(
            [sys.executable, script, "--port", "0", *arguments],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        line = read_first_line(self.process.stdout)
        prefix = "listening on http://127.0.0.1:"
        if line is None or not line.startswith(prefix):
            self.process.kill()
            self.process.wait()
            for stream in (self.process.stdout, self.process.stderr):
                if stream is not None:
                    stream.close()
            if line is None:
                raise AssertionError(f"the dev-server printed no line within {STARTUP_LIMIT:g} s")
            raise AssertionError(f"unexpected first line {line.strip()!r}")
        self.first_line = line.strip()
        self.port = int(self.first_line[len(prefix):])

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=10)
        finally:
            for stream in (self.process.stdout, self.process.stderr):
                if stream is not None:
                    stream.close()

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        raw: bytes | None = None,
        timeout: float = 10,
    ) -> tuple[int, dict[str, str], Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
            connection.request(method, path, body=data, headers=headers or {})
            response = connection.getresponse()
            payload = response.read()
            response_headers = {name.lower(): value for name, value in response.getheaders()}
            if payload and response_headers.get("content-type", "").startswith("application/json"):
                return response.status, response_headers, json.loads(payload)
            return response.status, response_headers, payload
        finally:
            connection.close()

    def token(self, email: str) -> dict[str, Any]:
        self.request("POST", "/v1/users", {"email": email})
        status, _, body = self.request("POST", "/v1/auth/token", {"email": email})
        assert status == 200, body
        return body

    def stats(self) -> dict[str, Any]:
        return self.request("GET", "/_stats")[2]


class DevServerTestCase(unittest.TestCase):
    server: Server

    @classmethod
    def setUpClass(cls) -> None:
        cls.server = Server()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.stop()

    def setUp(self) -> None:
        status, _, _ = self.server.request("POST", "/_control/reset", {"data": True})
        self.assertEqual(status, 200)

    def bearer(self, email: str = "owner@example.com") -> dict[str, str]:
        return {"Authorization": f"Bearer {self.server.token(email)['access_token']}"}
