"""Scripts/dev-server/users.py: registration, tokens and /v1/me against the real server on a free loopback port."""

from __future__ import annotations

import unittest
from concurrent.futures import ThreadPoolExecutor

from Tests.dev_server_support import DevServerTestCase


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


if __name__ == "__main__":
    unittest.main()
