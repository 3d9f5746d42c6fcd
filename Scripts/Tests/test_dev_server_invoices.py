"""Scripts/dev-server/invoices.py: uploads, idempotency and fetches against the real server on a free loopback port."""

from __future__ import annotations

import base64
import hashlib
import unittest
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from Tests.dev_server_support import PDF, DevServerTestCase


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


    def test_an_xrechnung_upload_stores_its_xml_and_fetch_returns_it(self) -> None:
        auth = self.bearer()
        xml = XML
        status, _, stored = self.server.request(
            "POST", "/v1/invoices",
            self.invoice(format="xrechnung", xml_base64=base64.b64encode(xml).decode()), auth)
        self.assertEqual(status, 201)
        self.assertEqual((stored["format"], stored["xml_bytes"]), ("xrechnung", len(xml)))
        self.assertEqual(stored["xml_sha256"], hashlib.sha256(xml).hexdigest())
        _, _, fetched = self.server.request("GET", f"/v1/invoices/{stored['id']}?include=xml", headers=auth)
        self.assertEqual(base64.b64decode(fetched["xml_base64"]), xml)
        self.assertNotIn("pdf_base64", fetched)
        _, _, both = self.server.request("GET", f"/v1/invoices/{stored['id']}?include=pdf,xml", headers=auth)
        self.assertEqual((base64.b64decode(both["pdf_base64"]), base64.b64decode(both["xml_base64"])), (PDF, xml))

    def test_a_facturx_upload_is_its_pdf_with_the_xml_attached(self) -> None:
        pdf = PDF + b"<< /AF [2 0 R] >> << /F (factur-x.xml) /Type /Filespec >>"
        status, _, stored = self.server.request(
            "POST", "/v1/invoices", self.invoice(format="facturx", pdf_base64=base64.b64encode(pdf).decode()),
            self.bearer())
        self.assertEqual((status, stored["format"], stored["pdf_bytes"], stored["xml_bytes"]),
                         (201, "facturx", len(pdf), 0))
        status, _, body = self.server.request("POST", "/v1/invoices", self.invoice(format="facturx"), self.bearer())
        self.assertEqual((status, body["error"]["fields"]),
                         (422, [{"field": "pdf_base64", "code": "no_facturx_xml"}]))

    def test_a_plain_upload_is_stored_as_a_pdf_format(self) -> None:
        _, _, stored = self.server.request("POST", "/v1/invoices", self.invoice(), self.bearer())
        self.assertEqual((stored["format"], stored["xml_bytes"], stored["xml_sha256"]), ("pdf", 0, None))

    def test_bad_e_invoices_are_refused_with_the_field_and_why(self) -> None:
        cases = [
            ({"format": "ubl"}, [("format", "invalid")]),
            ({"format": "xrechnung"}, [("xml_base64", "required")]),
            ({"format": "xrechnung", "xml_base64": "!!"}, [("xml_base64", "not_base64")]),
            ({"format": "xrechnung", "xml_base64": base64.b64encode(b"<a><b></a>").decode()},
             [("xml_base64", "not_well_formed")]),
            ({"format": "xrechnung",
              "xml_base64": base64.b64encode(b'<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>').decode()},
             [("xml_base64", "doctype_not_allowed")]),
            ({"format": "xrechnung",
              "xml_base64": base64.b64encode(b"<a>" + b" " * (8 * 1024 * 1024) + b"</a>").decode()},
             [("xml_base64", "too_large")]),
            ({"xml_base64": base64.b64encode(XML).decode()}, [("xml_base64", "only_with_xrechnung")]),
        ]
        for overrides, expected in cases:
            with self.subTest(overrides=list(overrides)):
                status, _, body = self.server.request("POST", "/v1/invoices", self.invoice(**overrides), self.bearer())
                self.assertEqual(status, 422)
                self.assertEqual(sorted((f["field"], f["code"]) for f in body["error"]["fields"]), expected)


XML = (b'<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice '
       b'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>\n')


if __name__ == "__main__":
    unittest.main()
