"""Scripts/dev-server's hostile replies (`"hostile"` in /_control): what a broken or malicious server sends, for the
clients' tests. Each kind is read here with a raw socket or http.client, never trusting the server to end."""

from __future__ import annotations

import gzip
import http.client
import json
import socket
import unittest

from Tests.dev_server_support import DevServerTestCase


class HostileReplyTests(DevServerTestCase):
    def hostile(self, **rule: object) -> None:
        status, _, body = self.server.request("POST", "/_control", {"hostile": rule})
        self.assertEqual(status, 200, body)

    def raw(self, path: str, limit: int = 1 << 20) -> bytes:
        """At most `limit` bytes of the raw answer to GET `path` (headers included), within 10 s."""
        with socket.create_connection(("127.0.0.1", self.server.port), timeout=10) as connection:
            connection.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            received = b""
            while len(received) < limit:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                received += chunk
            return received[:limit]

    def test_a_redirect_sends_its_status_and_location_to_the_matching_path_only(self) -> None:
        self.hostile(reply="redirect", status=307, location="http://127.0.0.1:9/v1/me", path="/v1/me", count=1)
        status, headers, _ = self.server.request("GET", "/v1/me")
        self.assertEqual((status, headers["location"]), (307, "http://127.0.0.1:9/v1/me"))
        self.assertEqual(self.server.request("GET", "/v1/me")[0], 401, "count 1: the next one is the real answer")
        self.assertEqual(self.server.request("GET", "/v1/health")[0], 200)

    def test_escapes_are_added_to_every_string_of_the_real_answer(self) -> None:
        self.hostile(reply="escapes", path="/v1/health")
        status, _, body = self.server.request("GET", "/v1/health")
        self.assertEqual(status, 200)
        self.assertTrue(body["status"].startswith("ok\x1b[2J\x07\r\nledger: "), body)
        self.assertIn("\u202e", body["status"])

    def test_a_body_is_sent_as_it_is(self) -> None:
        self.hostile(reply="body", text="[1,2,3]", path="/v1/home/sections")
        status, _, body = self.server.request("GET", "/v1/home/sections")
        self.assertEqual((status, body), (200, [1, 2, 3]))

    def test_a_gzip_bomb_inflates_far_beyond_what_is_sent(self) -> None:
        self.hostile(reply="gzip_bomb", inflated_bytes=64 << 20, path="/v1/home/sections")
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=10)
        connection.request("GET", "/v1/home/sections")
        response = connection.getresponse()
        sent = response.read()
        connection.close()
        self.assertEqual(response.getheader("Content-Encoding"), "gzip")
        self.assertLess(len(sent), 1 << 20)
        self.assertEqual(len(gzip.decompress(sent)), 64 << 20)

    def test_a_huge_length_is_declared_and_bytes_keep_coming(self) -> None:
        self.hostile(reply="huge_length", path="/v1/home/sections")
        answer = self.raw("/v1/home/sections", limit=1 << 20)
        self.assertIn(b"Content-Length: 2000000000", answer)
        self.assertEqual(len(answer), 1 << 20, "it streams more than was read")

    def test_an_endless_chunked_body_never_ends(self) -> None:
        self.hostile(reply="endless_chunked", path="/v1/home/sections")
        answer = self.raw("/v1/home/sections", limit=4 << 20)
        self.assertIn(b"Transfer-Encoding: chunked", answer)
        self.assertEqual(len(answer), 4 << 20)

    def test_a_truncated_body_is_shorter_than_declared(self) -> None:
        self.hostile(reply="truncated", path="/v1/home/sections")
        answer = self.raw("/v1/home/sections")
        head, _, body = answer.partition(b"\r\n\r\n")
        declared = int(next(line for line in head.split(b"\r\n") if line.startswith(b"Content-Length")).split()[1])
        self.assertLess(len(body), declared)

    def test_a_drip_sends_one_byte_at_a_time(self) -> None:
        self.hostile(reply="drip", interval_ms=1, path="/v1/home/sections")
        status, _, body = self.server.request("GET", "/v1/home/sections")
        self.assertEqual((status, body), (200, {"version": 1, "sections": []}))

    def test_a_bad_rule_is_refused_with_every_field(self) -> None:
        status, _, body = self.server.request(
            "POST", "/_control", {"hostile": {"reply": "redirect", "status": 200, "path": "x", "extra": 1}})
        self.assertEqual(status, 422)
        fields = {field["field"] for field in body["error"]["fields"]}
        self.assertEqual(fields, {"hostile.status", "hostile.location", "hostile.path", "hostile.extra"})
        self.assertEqual(self.server.request("POST", "/_control", {"hostile": {"reply": "nope"}})[0], 422)

    def test_requests_that_carried_credentials_are_counted(self) -> None:
        self.server.request("GET", "/v1/health", headers={"Authorization": "Bearer x"})
        self.server.request("GET", "/v1/health", headers={"Cookie": "a=b"})
        self.server.request("GET", "/v1/health")
        self.assertEqual(self.server.stats()["authorized"], {"/v1/health": 2})

    def test_reset_forgets_the_rules(self) -> None:
        self.hostile(reply="body", text="x", path="/v1/health")
        self.server.request("POST", "/_control/reset")
        self.assertEqual(self.server.request("GET", "/v1/health")[2], {"status": "ok"})


if __name__ == "__main__":
    unittest.main()
