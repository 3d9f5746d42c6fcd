"""Tests of Scripts/dev-server: each test class starts the real server on a free loopback port."""

from __future__ import annotations

import base64
import hashlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import unittest
from concurrent.futures import ThreadPoolExecutor
from typing import Any

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "dev-server")
PDF = b"%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n"


class Server:
    """A running dev-server process and a small JSON client for it."""

    def __init__(self, *arguments: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, SCRIPT, "--port", "0", *arguments],
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


class CommandLineTests(unittest.TestCase):
    def test_help_documents_every_endpoint(self) -> None:
        result = subprocess.run([sys.executable, SCRIPT, "--help"], capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 0)
        for endpoint in [
            "/v1/users", "/v1/auth/token", "/v1/auth/refresh", "/v1/me", "/v1/invoices", "/v1/invoices/{id}",
            "/v1/home/sections", "/_control", "/_control/reset", "/_stats", "/_echo", "Idempotency-Key",
            "Retry-After", "--port 0", "SIGTERM", "--exit-when-stdin-closes",
        ]:
            self.assertIn(endpoint, result.stdout)

    def test_prints_the_chosen_port_first_and_exits_cleanly_on_sigterm(self) -> None:
        server = Server()
        self.assertRegex(server.first_line, r"^listening on http://127\.0\.0\.1:\d+$")
        self.assertGreater(server.port, 0)
        self.assertEqual(server.request("GET", "/v1/health")[0], 200)
        self.assertEqual(server.stop(), 0)

    def test_sigterm_stops_the_server_while_a_request_hangs(self) -> None:
        server = Server()
        server.request("POST", "/_control", {"hang": True})
        outcome: list[Any] = []

        def hung_request() -> None:
            try:
                outcome.append(server.request("GET", "/v1/health", timeout=20)[0])
            except (ConnectionError, http.client.HTTPException, OSError) as error:
                outcome.append(error)

        thread = threading.Thread(target=hung_request)
        thread.start()
        while server.stats()["total"] < 1:
            time.sleep(0.01)
        self.assertEqual(server.stop(), 0)
        thread.join(timeout=20)
        self.assertFalse(thread.is_alive())
        self.assertEqual(len(outcome), 1)

    def test_exits_when_stdin_closes_if_asked(self) -> None:
        process = subprocess.Popen(
            [sys.executable, SCRIPT, "--port", "0", "--exit-when-stdin-closes"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        assert process.stdin is not None and process.stdout is not None
        self.assertTrue(process.stdout.readline().startswith("listening on"))
        process.stdin.close()
        self.assertEqual(process.wait(timeout=10), 0)
        process.stdout.close()

    def test_sigterm_exits_cleanly_while_watching_stdin(self) -> None:
        process = subprocess.Popen(
            [sys.executable, SCRIPT, "--port", "0", "--exit-when-stdin-closes"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        assert process.stdin is not None and process.stdout is not None and process.stderr is not None
        self.assertTrue(process.stdout.readline().startswith("listening on"))
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


class RegistrationTests(DevServerTestCase):
    def test_registers_a_user(self) -> None:
        status, headers, body = self.server.request("POST", "/v1/users", {"email": "new@example.com"})
        self.assertEqual(status, 201)
        self.assertEqual(body["email"], "new@example.com")
        self.assertTrue(body["id"].startswith("usr_"))
        self.assertEqual(headers["location"], f"/v1/users/{body['id']}")

    def test_a_duplicate_is_409_case_insensitively(self) -> None:
        self.server.request("POST", "/v1/users", {"email": "dup@example.com"})
        status, _, body = self.server.request("POST", "/v1/users", {"email": "DUP@example.com"})
        self.assertEqual(status, 409)
        self.assertEqual(body["error"]["code"], "email_taken")

    def test_invalid_emails_are_422_with_a_code(self) -> None:
        cases = [
            ({}, "required"), ({"email": 3}, "not_a_string"), ({"email": "  "}, "empty"),
            ({"email": "no-at.example.com"}, "missing_at"), ({"email": "a@b"}, "invalid_format"),
            ({"email": "x" * 250 + "@example.com"}, "too_long"), ({"email": "a b@example.com"}, "invalid_format"),
        ]
        for body, code in cases:
            with self.subTest(body=body):
                status, _, answer = self.server.request("POST", "/v1/users", body)
                self.assertEqual(status, 422)
                self.assertEqual(answer["error"]["code"], "validation_failed")
                self.assertEqual(answer["error"]["fields"], [{"field": "email", "code": code}])

    def test_malformed_bodies_are_400_or_422(self) -> None:
        for raw, status, code in [
            (b"", 400, "malformed_json"), (b"{", 400, "malformed_json"), (b"\xff\xfe", 400, "malformed_json"),
            (b"[1, 2]", 422, "validation_failed"), (b"[" * 100_000, 400, "malformed_json"),
        ]:
            with self.subTest(raw=raw[:10]):
                answer = self.server.request("POST", "/v1/users", raw=raw)
                self.assertEqual(answer[0], status)
                self.assertEqual(answer[2]["error"]["code"], code)

    def test_concurrent_registrations_of_one_email_create_exactly_one_user(self) -> None:
        with ThreadPoolExecutor(max_workers=16) as pool:
            statuses = list(pool.map(
                lambda _: self.server.request("POST", "/v1/users", {"email": "race@example.com"})[0], range(32)
            ))
        self.assertEqual(statuses.count(201), 1)
        self.assertEqual(statuses.count(409), 31)


class TokenTests(DevServerTestCase):
    def test_tokens_carry_their_version_and_refresh_increments_it(self) -> None:
        first = self.server.token("t@example.com")
        self.assertEqual(first["version"], 1)
        self.assertTrue(first["access_token"].startswith("v1."))
        self.assertEqual(first["token_type"], "Bearer")
        status, _, second = self.server.request("POST", "/v1/auth/refresh", {"refresh_token": first["refresh_token"]})
        self.assertEqual(status, 200)
        self.assertEqual(second["version"], 2)
        self.assertTrue(second["access_token"].startswith("v2."))
        auth = {"Authorization": f"Bearer {second['access_token']}"}
        status, _, me = self.server.request("GET", "/v1/me", headers=auth)
        self.assertEqual((status, me["token_version"], me["email"]), (200, 2, "t@example.com"))

    def test_a_refresh_supersedes_the_previous_access_token_and_rotates_the_refresh_token(self) -> None:
        first = self.server.token("rot@example.com")
        self.server.request("POST", "/v1/auth/refresh", {"refresh_token": first["refresh_token"]})
        status, headers, body = self.server.request(
            "GET", "/v1/me", headers={"Authorization": f"Bearer {first['access_token']}"}
        )
        self.assertEqual(status, 401)
        self.assertEqual(body["error"]["code"], "token_expired")
        self.assertEqual(body["error"]["token_version"], 1)
        self.assertIn('token_version="1"', headers["www-authenticate"])
        again = self.server.request("POST", "/v1/auth/refresh", {"refresh_token": first["refresh_token"]})
        self.assertEqual((again[0], again[2]["error"]["code"]), (401, "invalid_refresh_token"))

    def test_unknown_users_and_refresh_tokens_are_401(self) -> None:
        answer = self.server.request("POST", "/v1/auth/token", {"email": "nobody@example.com"})
        self.assertEqual((answer[0], answer[2]["error"]["code"]), (401, "invalid_credentials"))
        for body in [{"refresh_token": "rt.nope"}, {"refresh_token": 5}, {}]:
            answer = self.server.request("POST", "/v1/auth/refresh", body)
            self.assertEqual((answer[0], answer[2]["error"]["code"]), (401, "invalid_refresh_token"))

    def test_bearer_failures_say_what_failed(self) -> None:
        for headers, code in [
            ({}, "missing_token"), ({"Authorization": "Basic abc"}, "missing_token"),
            ({"Authorization": "Bearer "}, "missing_token"), ({"Authorization": "Bearer v9.forged"}, "invalid_token"),
        ]:
            with self.subTest(headers=headers):
                status, response_headers, body = self.server.request("GET", "/v1/me", headers=headers)
                self.assertEqual((status, body["error"]["code"]), (401, code))
                self.assertTrue(response_headers["www-authenticate"].startswith("Bearer"))

    def test_expire_tokens_expires_access_tokens_but_not_refresh_tokens(self) -> None:
        pair = self.server.token("exp@example.com")
        self.server.request("POST", "/_control", {"expire_tokens": True})
        auth = {"Authorization": f"Bearer {pair['access_token']}"}
        status, _, body = self.server.request("GET", "/v1/me", headers=auth)
        self.assertEqual((status, body["error"]["code"], body["error"]["token_version"]), (401, "token_expired", 1))
        status, _, refreshed = self.server.request("POST", "/v1/auth/refresh", {"refresh_token": pair["refresh_token"]})
        self.assertEqual((status, refreshed["version"]), (200, 2))

    def test_concurrent_refreshes_with_one_refresh_token_succeed_once(self) -> None:
        pair = self.server.token("race@example.com")
        with ThreadPoolExecutor(max_workers=8) as pool:
            statuses = list(pool.map(
                lambda _: self.server.request("POST", "/v1/auth/refresh", {"refresh_token": pair["refresh_token"]})[0],
                range(8),
            ))
        self.assertEqual(sorted(statuses), [200] + [401] * 7)


class InvoiceTests(DevServerTestCase):
    def invoice(self, **overrides: Any) -> dict[str, Any]:
        body = {"number": "INV-1", "customer": "ACME", "currency": "EUR", "total_cents": 1250,
                "issued_on": "2024-05-01", "pdf_base64": base64.b64encode(PDF).decode()}
        body.update(overrides)
        return body

    def test_upload_returns_the_stored_invoice_and_fetch_returns_it_again(self) -> None:
        auth = self.bearer()
        status, headers, stored = self.server.request("POST", "/v1/invoices", self.invoice(), auth)
        self.assertEqual(status, 201)
        self.assertTrue(stored["id"].startswith("inv_"))
        self.assertEqual(stored["pdf_bytes"], len(PDF))
        self.assertEqual(stored["pdf_sha256"], hashlib.sha256(PDF).hexdigest())
        self.assertEqual(headers["location"], f"/v1/invoices/{stored['id']}")
        status, _, fetched = self.server.request("GET", f"/v1/invoices/{stored['id']}", headers=auth)
        self.assertEqual((status, fetched), (200, stored))
        _, _, with_pdf = self.server.request("GET", f"/v1/invoices/{stored['id']}?include=pdf", headers=auth)
        self.assertEqual(base64.b64decode(with_pdf["pdf_base64"]), PDF)

    def test_metadata_only_uploads_are_accepted(self) -> None:
        status, _, stored = self.server.request("POST", "/v1/invoices", {"number": "INV-2"}, self.bearer())
        self.assertEqual((status, stored["pdf_bytes"], stored["pdf_sha256"]), (201, 0, None))

    def test_uploads_need_a_token(self) -> None:
        status, _, body = self.server.request("POST", "/v1/invoices", self.invoice())
        self.assertEqual((status, body["error"]["code"]), (401, "missing_token"))

    def test_invalid_invoices_list_every_bad_field(self) -> None:
        status, _, body = self.server.request(
            "POST", "/v1/invoices",
            {"number": "", "currency": "euro", "total_cents": -1, "issued_on": "2024-02-30",
             "pdf_base64": "!!", "extra": 1},
            self.bearer(),
        )
        self.assertEqual(status, 422)
        self.assertEqual(
            sorted((field["field"], field["code"]) for field in body["error"]["fields"]),
            [("currency", "invalid"), ("extra", "unknown_key"), ("issued_on", "invalid"), ("number", "empty"),
             ("pdf_base64", "not_base64"), ("total_cents", "out_of_range")],
        )
        status, _, body = self.server.request(
            "POST", "/v1/invoices", self.invoice(pdf_base64=base64.b64encode(b"GIF89a").decode()), self.bearer()
        )
        self.assertEqual(body["error"]["fields"], [{"field": "pdf_base64", "code": "not_pdf"}])

    def test_an_idempotency_key_replays_the_first_response(self) -> None:
        auth = dict(self.bearer(), **{"Idempotency-Key": "upload-1"})
        first = self.server.request("POST", "/v1/invoices", self.invoice(), auth)
        second = self.server.request("POST", "/v1/invoices", self.invoice(), auth)
        self.assertEqual(first[0], 201)
        self.assertEqual(second[0], 201)
        self.assertEqual(first[2], second[2])
        self.assertEqual(second[1]["idempotent-replayed"], "true")
        reused = self.server.request("POST", "/v1/invoices", self.invoice(number="INV-9"), auth)
        self.assertEqual((reused[0], reused[2]["error"]["code"]), (422, "idempotency_key_reused"))
        too_long = self.server.request(
            "POST", "/v1/invoices", self.invoice(), dict(auth, **{"Idempotency-Key": "k" * 256})
        )
        self.assertEqual((too_long[0], too_long[2]["error"]["code"]), (400, "invalid_idempotency_key"))

    def test_concurrent_uploads_with_one_key_store_one_invoice(self) -> None:
        auth = dict(self.bearer(), **{"Idempotency-Key": "same"})
        with ThreadPoolExecutor(max_workers=8) as pool:
            answers = list(pool.map(lambda _: self.server.request("POST", "/v1/invoices", self.invoice(), auth),
                                    range(16)))
        self.assertEqual({answer[0] for answer in answers}, {201})
        self.assertEqual(len({answer[2]["id"] for answer in answers}), 1)

    def test_other_users_invoices_and_unknown_ids_are_404(self) -> None:
        _, _, stored = self.server.request("POST", "/v1/invoices", self.invoice(), self.bearer("one@example.com"))
        other = self.bearer("two@example.com")
        for path in [f"/v1/invoices/{stored['id']}", "/v1/invoices/inv_missing"]:
            status, _, body = self.server.request("GET", path, headers=other)
            self.assertEqual((status, body["error"]["code"]), (404, "not_found"))
        self.assertEqual(self.server.request("GET", "/v1/invoices/" + "x" * 65, headers=other)[0], 404)

    def test_a_body_over_the_limit_is_413(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=10)
        try:
            connection.putrequest("POST", "/v1/invoices")
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
                    connection.putrequest("POST", "/v1/users")
                    for name, value in headers.items():
                        connection.putheader(name, value)
                    connection.endheaders()
                    self.assertEqual(connection.getresponse().status, status)
                finally:
                    connection.close()


class HomeSectionsTests(DevServerTestCase):
    def test_sections_include_known_unknown_and_malformed_entries(self) -> None:
        status, _, body = self.server.request("GET", "/v1/home/sections")
        self.assertEqual((status, body["version"]), (200, 1))
        types = [section.get("type") for section in body["sections"]]
        for expected in ["banner", "expenses_summary", "quick_actions", "carousel_3d"]:
            self.assertIn(expected, types)
        malformed = [section for section in body["sections"] if section["id"] == "broken"][0]
        self.assertNotIsInstance(malformed["title"], str)
        actions = [section for section in body["sections"] if section["type"] == "quick_actions"][0]["actions"]
        self.assertGreaterEqual(len(actions), 2)
        self.assertTrue(all(action["link"].startswith("ledger://") for action in actions))


class RoutingTests(DevServerTestCase):
    def test_unknown_paths_are_404_and_wrong_methods_405(self) -> None:
        status, _, body = self.server.request("GET", "/v1/nothing")
        self.assertEqual((status, body["error"]["code"]), (404, "not_found"))
        status, headers, body = self.server.request("DELETE", "/v1/users")
        self.assertEqual((status, headers["allow"], body["error"]["code"]), (405, "POST", "method_not_allowed"))
        status, headers, _ = self.server.request("POST", "/v1/invoices/inv_1", {})
        self.assertEqual((status, headers["allow"]), (405, "GET"))

    def test_echo_reflects_the_request(self) -> None:
        status, _, body = self.server.request(
            "PUT", "/_echo?a=1&b=two", raw=b"hello", headers={"X-Trace": "abc", "Content-Type": "text/plain"}
        )
        self.assertEqual(status, 200)
        self.assertEqual(body["method"], "PUT")
        self.assertEqual(body["query"], {"a": "1", "b": "two"})
        self.assertEqual(body["headers"]["x-trace"], "abc")
        self.assertEqual((body["body_bytes"], body["body_text"]), (5, "hello"))
        self.assertEqual(body["body_sha256"], hashlib.sha256(b"hello").hexdigest())

    def test_echo_answers_large_bodies_and_chosen_statuses(self) -> None:
        status, headers, payload = self.server.request("GET", "/_echo?bytes=3000000&status=203")
        self.assertEqual((status, len(payload), headers["content-type"]), (203, 3_000_000, "application/octet-stream"))
        self.assertEqual(payload[:3], b"\x00\x01\x02")
        for query in ["bytes=-1", "bytes=x", f"bytes={64 * 1024 * 1024 + 1}", "status=99", "status=x"]:
            self.assertEqual(self.server.request("GET", f"/_echo?{query}")[0], 400, query)

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


class ControlTests(DevServerTestCase):
    def test_stats_count_requests_per_path_route_and_status_but_not_control(self) -> None:
        self.server.request("GET", "/v1/health")
        self.server.request("GET", "/v1/health?x=1")
        self.server.request("POST", "/v1/users", {"email": "bad"})
        self.server.request("POST", "/_control", {"latency_ms": 0})
        stats = self.server.stats()
        self.assertEqual(stats["total"], 3)
        self.assertEqual(stats["paths"], {"/v1/health": 2, "/v1/users": 1})
        self.assertEqual(stats["routes"], {"GET /v1/health": 2, "POST /v1/users": 1})
        self.assertEqual(stats["statuses"], {"200": 2, "422": 1})

    def test_the_next_failures_are_injected_with_retry_after(self) -> None:
        state = self.server.request(
            "POST", "/_control", {"fail": {"count": 2, "status": 503, "retry_after": 7, "path": "/v1/health"}}
        )[2]
        self.assertEqual(state["failures"][0]["remaining"], 2)
        answers = [self.server.request("GET", "/v1/health") for _ in range(3)]
        self.assertEqual([answer[0] for answer in answers], [503, 503, 200])
        self.assertEqual(answers[0][1]["retry-after"], "7")
        self.assertEqual(answers[0][2]["error"]["code"], "injected_failure")
        self.assertEqual(self.server.stats()["paths"]["/v1/health"], 3)

    def test_failures_filter_by_method_and_accept_an_http_date(self) -> None:
        date = "Wed, 21 Oct 2037 07:28:00 GMT"
        self.server.request("POST", "/_control", {"fail": {"status": 429, "retry_after": date, "method": "post"}})
        self.assertEqual(self.server.request("GET", "/_echo")[0], 200)
        status, headers, _ = self.server.request("POST", "/_echo", {})
        self.assertEqual((status, headers["retry-after"]), (429, date))
        self.assertEqual(self.server.request("POST", "/_echo", {})[0], 200)

    def test_latency_delays_api_responses(self) -> None:
        self.server.request("POST", "/_control", {"latency_ms": 150})
        started = time.monotonic()
        self.server.request("GET", "/v1/health")
        self.assertGreaterEqual(time.monotonic() - started, 0.15)

    def test_hang_holds_requests_until_released(self) -> None:
        self.server.request("POST", "/_control", {"hang": True})
        with ThreadPoolExecutor(max_workers=1) as pool:
            pending = pool.submit(self.server.request, "GET", "/v1/health")
            while self.server.stats()["total"] < 1:
                time.sleep(0.01)
            self.assertFalse(pending.done())
            self.assertTrue(self.server.request("POST", "/_control", {})[2]["hang"])
            self.server.request("POST", "/_control", {"hang": False})
            self.assertEqual(pending.result(timeout=10)[0], 200)

    def test_invalid_control_bodies_are_422_and_change_nothing(self) -> None:
        cases = [
            ({"latency_ms": -1}, "latency_ms"), ({"latency_ms": 60_001}, "latency_ms"),
            ({"latency_ms": True}, "latency_ms"), ({"hang": "yes"}, "hang"),
            ({"expire_tokens": False}, "expire_tokens"),
            ({"fail": 3}, "fail"), ({"fail": {"count": 0}}, "fail.count"), ({"fail": {"status": 99}}, "fail.status"),
            ({"fail": {"retry_after": -1}}, "fail.retry_after"),
            ({"fail": {"retry_after": "a\r\nb"}}, "fail.retry_after"),
            ({"fail": {"path": "v1"}}, "fail.path"), ({"fail": {"method": "G T"}}, "fail.method"),
            ({"fail": {"x": 1}}, "fail.x"), ({"nope": 1}, "nope"),
        ]
        for body, field in cases:
            with self.subTest(body=body):
                status, _, answer = self.server.request("POST", "/_control", body)
                self.assertEqual(status, 422)
                self.assertIn(field, [entry["field"] for entry in answer["error"]["fields"]])
        self.assertEqual(self.server.request("POST", "/_control", {})[2],
                         {"latency_ms": 0, "hang": False, "failures": []})
        self.assertEqual(self.server.request("POST", "/_control", raw=b"nope")[0], 400)
        self.assertEqual(self.server.request("POST", "/_control", [1])[0], 422)

    def test_reset_clears_control_and_stats_and_optionally_data(self) -> None:
        auth = self.bearer()
        self.server.request("POST", "/_control", {"latency_ms": 5, "fail": {"count": 3}})
        state = self.server.request("POST", "/_control/reset")[2]
        self.assertEqual(state, {"latency_ms": 0, "hang": False, "failures": []})
        self.assertEqual(self.server.stats()["total"], 0)
        self.assertEqual(self.server.request("GET", "/v1/me", headers=auth)[0], 200)
        self.server.request("POST", "/_control/reset", {"data": True})
        self.assertEqual(self.server.request("GET", "/v1/me", headers=auth)[0], 401)
        self.assertEqual(self.server.request("POST", "/_control/reset", {"data": "yes"})[0], 422)
        self.assertEqual(self.server.request("POST", "/_control/reset", {"other": 1})[0], 422)


if __name__ == "__main__":
    unittest.main()
