"""Scripts/dev-server/home.py: the home-screen sections against the real server on a free loopback port."""

from __future__ import annotations

import unittest

from Tests.dev_server_support import DevServerTestCase


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


if __name__ == "__main__":
    unittest.main()
