"""Scripts/dev-server/settlements.py: credit note uploads and payment events, idempotent and listed per user,
against the real server on a free loopback port."""

from __future__ import annotations

import base64
import unittest
from typing import Any

from Tests.dev_server_support import PDF, DevServerTestCase


class SettlementTests(DevServerTestCase):
    def credit_note(self, **overrides: Any) -> dict[str, Any]:
        body = {"number": "CN-0001", "invoice_number": "INV-0001", "customer": "ACME", "currency": "EUR",
                "total_cents": 9684, "issued_on": "2026-03-18", "pdf_base64": base64.b64encode(PDF).decode(),
                "format": "pdf"}
        body.update(overrides)
        return body

    def payment(self, **overrides: Any) -> dict[str, Any]:
        body = {"payment_id": "P-1", "invoice_number": "INV-0001", "currency": "EUR", "amount_cents": 100000,
                "paid_on": "2026-03-20", "reference": "Bank 42"}
        body.update(overrides)
        return body

    def test_a_credit_note_is_stored_and_listed_for_its_user_only(self) -> None:
        auth = self.bearer()
        status, headers, stored = self.server.request("POST", "/v1/credit-notes", self.credit_note(), auth)
        self.assertEqual(status, 201)
        self.assertTrue(stored["id"].startswith("cn_"))
        self.assertEqual((stored["invoice_number"], stored["pdf_bytes"]), ("INV-0001", len(PDF)))
        status, _, listed = self.server.request("GET", "/v1/credit-notes", headers=auth)
        self.assertEqual((status, listed), (200, {"credit_notes": [stored]}))
        _, _, other = self.server.request("GET", "/v1/credit-notes", headers=self.bearer("other@example.com"))
        self.assertEqual(other, {"credit_notes": []})

    def test_a_payment_event_is_stored_and_listed(self) -> None:
        auth = self.bearer()
        status, _, stored = self.server.request("POST", "/v1/payments", self.payment(), auth)
        self.assertEqual(status, 201)
        self.assertTrue(stored["id"].startswith("pay_"))
        self.assertEqual((stored["amount_cents"], stored["reference"]), (100000, "Bank 42"))
        _, _, listed = self.server.request("GET", "/v1/payments", headers=auth)
        self.assertEqual(listed, {"payments": [stored]})

    def test_an_idempotency_key_stores_once_and_refuses_another_body(self) -> None:
        auth = self.bearer()
        keyed = dict(auth, **{"Idempotency-Key": "k-1"})
        _, _, first = self.server.request("POST", "/v1/payments", self.payment(), keyed)
        status, headers, again = self.server.request("POST", "/v1/payments", self.payment(), keyed)
        self.assertEqual((status, again, headers.get("idempotent-replayed")), (201, first, "true"))
        status, _, body = self.server.request("POST", "/v1/payments", self.payment(amount_cents=1), keyed)
        self.assertEqual((status, body["error"]["code"]), (422, "idempotency_key_reused"))
        _, _, listed = self.server.request("GET", "/v1/payments", headers=auth)
        self.assertEqual(len(listed["payments"]), 1)

    def test_invalid_bodies_list_every_bad_field(self) -> None:
        status, _, body = self.server.request(
            "POST", "/v1/payments", {"payment_id": "P 1", "amount_cents": 0, "paid_on": "2026-02-30", "x": 1},
            self.bearer())
        self.assertEqual(status, 422)
        self.assertEqual(
            sorted((field["field"], field["code"]) for field in body["error"]["fields"]),
            [("amount_cents", "out_of_range"), ("invoice_number", "required"), ("paid_on", "invalid"),
             ("payment_id", "invalid"), ("x", "unknown_key")])
        status, _, body = self.server.request(
            "POST", "/v1/credit-notes", self.credit_note(invoice_number=None, pdf_base64=None, format="xrechnung"),
            self.bearer())
        self.assertEqual(status, 422)
        self.assertEqual(
            sorted((field["field"], field["code"]) for field in body["error"]["fields"]),
            [("invoice_number", "required"), ("pdf_base64", "required"), ("xml_base64", "required")])

    def test_a_credit_note_checks_the_fields_it_shares_with_an_invoice(self) -> None:
        status, _, body = self.server.request(
            "POST", "/v1/credit-notes",
            self.credit_note(number=" ", customer=7, currency="euro", total_cents=-1, issued_on="2026-02-30"),
            self.bearer())
        self.assertEqual(status, 422)
        self.assertEqual(
            sorted((field["field"], field["code"]) for field in body["error"]["fields"]),
            [("currency", "invalid"), ("customer", "invalid"), ("issued_on", "invalid"), ("number", "empty"),
             ("total_cents", "out_of_range")])

    def test_a_facturx_credit_note_must_carry_its_xml(self) -> None:
        status, _, body = self.server.request(
            "POST", "/v1/credit-notes", self.credit_note(format="facturx"), self.bearer())
        self.assertEqual(status, 422)
        self.assertEqual(
            [(field["field"], field["code"]) for field in body["error"]["fields"]], [("pdf_base64", "no_facturx_xml")])

    def test_both_need_a_token(self) -> None:
        for path, body in (("/v1/credit-notes", self.credit_note()), ("/v1/payments", self.payment())):
            status, _, answer = self.server.request("POST", path, body)
            self.assertEqual((status, answer["error"]["code"]), (401, "missing_token"))


if __name__ == "__main__":
    unittest.main()
