"""Scripts/dev-server's core: the command line, routing, limits and connections, against the real server on a free
loopback port; each resource has its own test file (test_dev_server_<resource>.py)."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import unittest
from typing import Any

from Tests.dev_server_support import (
    SCRIPT, DevServerTestCase, Server, load_resources, read_first_line, wait_until,
)


class CommandLineTests(unittest.TestCase):
    def test_help_documents_the_command_line_and_every_resource(self) -> None:
        result = subprocess.run([sys.executable, SCRIPT, "--help"], capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 0)
        for text in ["--port 0", "SIGTERM", "--exit-when-stdin-closes", "Retry-After", "Idempotency-Key"]:
            self.assertIn(text, result.stdout)
        resources = load_resources()
        self.assertGreaterEqual({module.__name__ for module in resources}, {"users", "invoices", "home", "control"})
        for module in resources:
            with self.subTest(resource=module.__name__):
                documented = module.USAGE + getattr(module, "CONTROL_USAGE", "")
                self.assertIn(module.USAGE, result.stdout)
                self.assertIn(getattr(module, "CONTROL_USAGE", ""), result.stdout)
                for route in module.ROUTES:
                    self.assertIn(f"{route.method:<4} {route.shown} ", documented)

    def test_prints_the_chosen_port_first_and_exits_cleanly_on_sigterm(self) -> None:
        server = Server()
        self.assertRegex(server.first_line, r"^listening on http://127\.0\.0\.1:\d+$")
        self.assertGreater(server.port, 0)
        self.assertEqual(server.request("GET", "/v1/health")[0], 200)
        self.assertEqual(server.stop(), 0)

    def test_sigterm_stops_the_server_while_a_request_hangs(self) -> None:
        server = Server()
        self.addCleanup(server.stop)
        server.request("POST", "/_control", {"hang": True})
        outcome: list[Any] = []

        def hung_request() -> None:
            try:
                outcome.append(server.request("GET", "/v1/health", timeout=20)[0])
            except (ConnectionError, http.client.HTTPException, OSError) as error:
                outcome.append(error)

        thread = threading.Thread(target=hung_request)
        thread.start()
        wait_until(lambda: server.stats()["total"] >= 1, "the hanging request reaching the server")
        self.assertEqual(server.stop(), 0)
        thread.join(timeout=20)
        self.assertFalse(thread.is_alive())
        self.assertEqual(len(outcome), 1)

    def test_exits_when_stdin_closes_if_asked(self) -> None:
        process = subprocess.Popen(
            [sys.executable, SCRIPT, "--port", "0", "--exit-when-stdin-closes"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        self.addCleanup(process.kill)
        assert process.stdin is not None and process.stdout is not None
        self.assertTrue((read_first_line(process.stdout) or "").startswith("listening on"))
        process.stdin.close()
        self.assertEqual(process.wait(timeout=10), 0)
        process.stdout.close()

    def test_sigterm_exits_cleanly_while_watching_stdin(self) -> None:
        process = subprocess.Popen(
            [sys.executable, SCRIPT, "--port", "0", "--exit-when-stdin-closes"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        self.addCleanup(process.kill)
        assert process.stdin is not None and process.stdout is not None and process.stderr is not None
        self.assertTrue((read_first_line(process.stdout) or "").startswith("listening on"))
        process.send_signal(signal.SIGTERM)
        self.assertEqual(process.wait(timeout=10), 0)
        self.assertEqual(process.stderr.read(), "")
        for stream in (process.stdin, process.stdout, process.stderr):
            stream.close()

    def test_sigint_also_exits_cleanly(self) -> None:
        server = Server()
        server.process.send_signal(signal.SIGINT)
        self.assertEqual(server.stop(), 0)

    def test_a_port_in_use_is_a_clear_error(self) -> None:
        with socket.socket() as blocker:
            blocker.bind(("127.0.0.1", 0))
            blocker.listen()
            port = blocker.getsockname()[1]
            result = subprocess.run(
                [sys.executable, SCRIPT, "--port", str(port)], capture_output=True, text=True, timeout=30
            )
        self.assertEqual(result.returncode, 1)
        self.assertIn("cannot listen", result.stderr)

    def test_an_invalid_port_is_rejected(self) -> None:
        result = subprocess.run([sys.executable, SCRIPT, "--port", "70000"], capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 2)
        self.assertIn("--port", result.stderr)

    def test_binds_loopback_only(self) -> None:
        server = Server()
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as route:
                route.connect(("10.255.255.255", 1))  # picks the outgoing interface; sends nothing
                external = route.getsockname()[0]
            if external.startswith("127."):
                self.skipTest("this machine has no non-loopback IPv4 address")
            with socket.socket() as probe:
                probe.settimeout(2)
                self.assertNotEqual(probe.connect_ex((external, server.port)), 0)
        finally:
            server.stop()


WIDGETS = """
from core import ApiError, Route

SERVES = ("WidgetsFeature",)
USAGE = "  GET  /v1/widgets/{id}           200 {\\"id\\"}\\n"


def fetch(request):
    if request.params["id"] == "missing":
        raise ApiError(404, "not_found", "no widget")
    return 200, {"id": request.params["id"], "resource": request.resource}, {}


def create(request):
    return 201, request.json_object(), {}


ROUTES = [Route("GET", r"/v1/widgets/(?P<id>[a-z]{1,8})", fetch), Route("POST", "/v1/widgets", create),
          Route("PUT", "/v1/widgets", create)]
"""


class ResourceFolderTests(unittest.TestCase):
    """The routing table is assembled from the files of the folder: a resource is one new file."""

    def server_folder(self, **modules: str) -> str:
        folder = tempfile.mkdtemp(prefix="dev-server-")
        self.addCleanup(shutil.rmtree, folder, True)
        target = os.path.join(folder, "dev-server")
        shutil.copytree(SCRIPT, target, ignore=shutil.ignore_patterns("__pycache__"))
        for name, text in modules.items():
            with open(os.path.join(target, f"{name}.py"), "w", encoding="utf-8") as handle:
                handle.write(text)
        return target

    def test_a_new_resource_file_is_served_documented_and_routed(self) -> None:
        script = self.server_folder(widgets=WIDGETS)
        server = Server(script=script)
        self.addCleanup(server.stop)
        self.assertEqual(server.request("GET", "/v1/widgets/abc")[2], {"id": "abc", "resource": "widgets"})
        self.assertEqual(server.request("POST", "/v1/widgets", {"a": 1})[:3:2], (201, {"a": 1}))
        status, _, body = server.request("GET", "/v1/widgets/missing")
        self.assertEqual((status, body["error"]["code"]), (404, "not_found"))
        status, headers, body = server.request("DELETE", "/v1/widgets")
        self.assertEqual((status, headers["allow"], body["error"]["code"]), (405, "POST, PUT", "method_not_allowed"))
        status, headers, _ = server.request("POST", "/v1/widgets/abc", {})
        self.assertEqual((status, headers["allow"]), (405, "GET"))
        self.assertEqual(server.request("GET", "/v1/widgets/" + "x" * 9)[0], 404)
        self.assertEqual(server.stats()["routes"], {"GET /v1/widgets/abc": 1, "POST /v1/widgets": 1,
                                                     "GET /v1/widgets/missing": 1, "DELETE /v1/widgets": 1,
                                                     "POST /v1/widgets/abc": 1, "GET /v1/widgets/xxxxxxxxx": 1})
        help_text = subprocess.run([sys.executable, script, "--help"], capture_output=True, text=True, timeout=30)
        self.assertIn("GET  /v1/widgets/{id}", help_text.stdout)

    def test_two_resources_declaring_one_endpoint_is_a_startup_error(self) -> None:
        script = self.server_folder(widgets=WIDGETS, gadgets=WIDGETS.replace("WidgetsFeature", "GadgetsFeature"))
        result = subprocess.run([sys.executable, script, "--port", "0"], capture_output=True, text=True, timeout=30)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("gadgets.py and widgets.py both declare GET /v1/widgets/{id}", result.stderr)


class WaitingTests(unittest.TestCase):
    """The tests' waits on the real server end: a condition that never holds, or a server that never prints its
    port, fails the test with a message instead of hanging the run. A fake clock keeps these tests instant."""

    def fake_time(self) -> tuple[list[float], Any, Any]:
        now = [0.0]

        def sleep(seconds: float) -> None:
            now[0] += seconds

        return now, (lambda: now[0]), sleep

    def test_a_condition_that_comes_true_ends_the_wait(self) -> None:
        now, clock, sleep = self.fake_time()
        polls = iter([False, False, True])
        wait_until(lambda: next(polls), "the third poll", limit=5, clock=clock, sleep=sleep)
        self.assertAlmostEqual(now[0], 0.02)

    def test_a_condition_that_never_holds_fails_with_what_was_awaited_after_the_limit(self) -> None:
        now, clock, sleep = self.fake_time()
        with self.assertRaises(AssertionError) as raised:
            wait_until(lambda: False, "the request reaching the server", limit=2, clock=clock, sleep=sleep)
        self.assertEqual(str(raised.exception), "the request reaching the server did not happen within 2 s")
        self.assertGreaterEqual(now[0], 2)
        self.assertLess(now[0], 2.02)

    def test_a_first_line_is_read_when_it_is_there_and_not_waited_for_beyond_the_limit(self) -> None:
        reader, writer = os.pipe()
        with os.fdopen(reader) as stream, os.fdopen(writer, "w") as sink:
            self.assertIsNone(read_first_line(stream, limit=0))
            sink.write("listening on http://127.0.0.1:1\n")
            sink.flush()
            self.assertEqual(read_first_line(stream, limit=0), "listening on http://127.0.0.1:1\n")

    def test_a_server_that_prints_something_else_first_is_an_error_naming_it_and_is_stopped(self) -> None:
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder)
        script = os.path.join(folder, "dev-server")
        with open(script, "w") as file:
            file.write("import sys, time\nprint('not a port', flush=True)\ntime.sleep(600)\n")
        with self.assertRaises(AssertionError) as raised:
            Server(script=script)
        self.assertEqual(str(raised.exception), "unexpected first line 'not a port'")


class RoutingTests(DevServerTestCase):
    def test_unknown_paths_are_404_and_wrong_methods_405(self) -> None:
        status, _, body = self.server.request("GET", "/v1/nothing")
        self.assertEqual((status, body["error"]["code"]), (404, "not_found"))
        status, headers, body = self.server.request("DELETE", "/v1/health")
        self.assertEqual((status, headers["allow"], body["error"]["code"]), (405, "GET", "method_not_allowed"))

    def test_head_answers_headers_only(self) -> None:
        status, headers, payload = self.server.request("HEAD", "/_echo")
        self.assertEqual(status, 200)
        self.assertGreater(int(headers["content-length"]), 0)
        self.assertEqual(payload, b"")

    def test_keeps_connections_alive(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=10)
        try:
            for _ in range(3):
                connection.request("GET", "/v1/health")
                response = connection.getresponse()
                self.assertEqual(response.status, 200)
                response.read()
        finally:
            connection.close()


class LimitTests(DevServerTestCase):
    def test_a_body_over_the_limit_is_413(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=10)
        try:
            connection.putrequest("POST", "/_echo")
            connection.putheader("Content-Length", str(17 * 1024 * 1024))
            connection.endheaders()
            response = connection.getresponse()
            self.assertEqual(response.status, 413)
            self.assertEqual(json.loads(response.read())["error"]["code"], "body_too_large")
        finally:
            connection.close()

    def test_bad_content_lengths_and_chunked_bodies_are_rejected(self) -> None:
        for headers, status in [({"Content-Length": "abc"}, 400), ({"Content-Length": "-5"}, 400),
                                ({"Transfer-Encoding": "chunked"}, 411)]:
            with self.subTest(headers=headers):
                connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=10)
                try:
                    connection.putrequest("POST", "/_echo")
                    for name, value in headers.items():
                        connection.putheader(name, value)
                    connection.endheaders()
                    self.assertEqual(connection.getresponse().status, status)
                finally:
                    connection.close()


if __name__ == "__main__":
    unittest.main()
