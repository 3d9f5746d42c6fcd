"""Scripts/dev-server/control.py: health, the echo, the control switches and the statistics against the real server."""

from __future__ import annotations

import hashlib
import unittest
from concurrent.futures import ThreadPoolExecutor

from Tests.dev_server_support import DevServerTestCase, wait_until


class ControlTests(DevServerTestCase):
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
        self.server.request("GET", "/v1/health")
        self.server.request("GET", "/v1/health")
        self.assertEqual(self.server.stats()["delayed_ms"], 300)
        self.server.request("POST", "/_control/reset", {})
        self.assertEqual(self.server.stats()["delayed_ms"], 0)

    def test_hang_holds_requests_until_released(self) -> None:
        self.server.request("POST", "/_control", {"hang": True})
        with ThreadPoolExecutor(max_workers=1) as pool:
            pending = pool.submit(self.server.request, "GET", "/v1/health")
            wait_until(lambda: self.server.stats()["total"] >= 1, "the held request reaching the server")
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
                         {"latency_ms": 0, "hang": False, "failures": [], "hostile": []})
        self.assertEqual(self.server.request("POST", "/_control", raw=b"nope")[0], 400)
        self.assertEqual(self.server.request("POST", "/_control", [1])[0], 422)

    def test_reset_clears_control_and_stats_and_optionally_data(self) -> None:
        auth = self.bearer()
        self.server.request("POST", "/_control", {"latency_ms": 5, "fail": {"count": 3}})
        state = self.server.request("POST", "/_control/reset")[2]
        self.assertEqual(state, {"latency_ms": 0, "hang": False, "failures": [], "hostile": []})
        self.assertEqual(self.server.stats()["total"], 0)
        self.assertEqual(self.server.request("GET", "/v1/me", headers=auth)[0], 200)
        self.server.request("POST", "/_control/reset", {"data": True})
        self.assertEqual(self.server.request("GET", "/v1/me", headers=auth)[0], 401)
        self.assertEqual(self.server.request("POST", "/_control/reset", {"data": "yes"})[0], 422)
        self.assertEqual(self.server.request("POST", "/_control/reset", {"other": 1})[0], 422)


if __name__ == "__main__":
    unittest.main()
