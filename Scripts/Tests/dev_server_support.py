"""What the dev-server tests share: a running `Scripts/dev-server` on a free loopback port, a small JSON client for
it, and a test case that starts one server per class and resets it before each test."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import unittest
from typing import Any

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "dev-server")
PDF = b"%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n"


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
        self.first_line = self.process.stdout.readline().strip()
        prefix = "listening on http://127.0.0.1:"
        if not self.first_line.startswith(prefix):
            self.process.kill()
            raise AssertionError(f"unexpected first line {self.first_line!r}")
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
