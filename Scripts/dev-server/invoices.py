"""Invoices: upload (`POST /v1/invoices`, idempotent with Idempotency-Key) and fetch (`GET /v1/invoices/{id}`).
The reference for the invoices feature's InvoicesAPI.

An e-invoice travels in the same request as the invoice it is, as a real invoicing API takes it: a Factur-X
invoice is its PDF ("format": "facturx", checked for its factur-x.xml attachment), an XRechnung invoice is its XML
("format": "xrechnung", "xml_base64", checked to be well-formed XML without a DOCTYPE) beside the PDF for people."""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import secrets
import xml.etree.ElementTree as ElementTree
from datetime import datetime
from typing import Any

from core import ApiError, Request, Response, Route, bearer_session, is_integer, now_iso, validation_error

#: The units whose code calls these endpoints (Scripts/affected tests them when this file changes).
SERVES = ("InvoicesFeature",)

MAX_IDEMPOTENCY_KEY_LENGTH = 255
CURRENCY_PATTERN = re.compile(r"^[A-Z]{3}$")
DATE_PATTERN = re.compile(r"^\d{4}-\d{2}-\d{2}$")
FORMATS = ("pdf", "facturx", "xrechnung")
#: The largest e-invoice accepted (the XRechnung XML, or the Factur-X PDF): an invoice is kilobytes.
MAX_EINVOICE_BYTES = 8 * 1024 * 1024

USAGE = """\
  POST /v1/invoices               bearer; {"number" (required), "customer", "currency" (ISO 4217, e.g. EUR),
                                  "total_cents" (integer >= 0), "issued_on" (YYYY-MM-DD), "pdf_base64" (a PDF),
                                  "format" ("pdf" default, "facturx": the PDF is the e-invoice and must carry
                                  factur-x.xml; "xrechnung": "xml_base64" is the e-invoice), "xml_base64" (the
                                  XRechnung XML: well-formed, no DOCTYPE, at most 8 MiB; only with "xrechnung")}
                                  -> 201 the stored invoice with a server "id" ("inv_..."), "pdf_bytes",
                                  "pdf_sha256", "format", "xml_bytes", "xml_sha256", "created_at";
                                  422 validation_failed with "fields".
                                  Idempotency-Key (1-255 characters): the same key and body replay the first
                                  response with "Idempotent-Replayed: true"; the same key with another body is
                                  422 idempotency_key_reused
  GET  /v1/invoices/{id}          bearer -> 200 the stored invoice ("?include=pdf" adds "pdf_base64",
                                  "?include=xml" adds "xml_base64", "?include=pdf,xml" both);
                                  404 not_found (unknown, or another user's)
"""


def fresh_data() -> dict[str, Any]:
    return {
        "invoices": {},  # id -> {"owner", "public" (the stored invoice), "pdf"}
        "idempotency": {},  # (user id, key) -> the first response
    }


def valid_date(text: str) -> bool:
    if not DATE_PATTERN.match(text):
        return False
    try:
        datetime.strptime(text, "%Y-%m-%d")
    except ValueError:
        return False
    return True


def decoded(request: dict[str, Any], key: str, fields: list[dict[str, str]]) -> bytes | None:
    """The base64 value of `key`, or None (with the problem in `fields` when it is not base64)."""
    encoded = request.get(key)
    if encoded is None:
        return None
    if not isinstance(encoded, str):
        fields.append({"field": key, "code": "not_a_string"})
        return None
    try:
        return base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        fields.append({"field": key, "code": "not_base64"})
        return None


def xml_problem(data: bytes) -> str | None:
    """Why `data` is not an XML invoice this server keeps, or None: too large, a DOCTYPE (no entities are ever
    expanded), or not well-formed."""
    if len(data) > MAX_EINVOICE_BYTES:
        return "too_large"
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        return "doctype_not_allowed"
    try:
        ElementTree.fromstring(data)
    except ElementTree.ParseError:
        return "not_well_formed"
    return None


def checked_files(
    request: dict[str, Any], fields: list[dict[str, str]], pdf_required: bool
) -> tuple[str, bytes | None, bytes | None]:
    """The format, the PDF and the XML of an uploaded invoice or credit note, with every problem added to `fields`:
    a PDF that is not one or too large, an unknown format, an XML only with xrechnung (and then required), and a
    Factur-X PDF without its factur-x.xml. `pdf_required` asks for a PDF whatever the format."""
    pdf = decoded(request, "pdf_base64", fields)
    if pdf is not None:
        if not pdf.startswith(b"%PDF-"):
            fields.append({"field": "pdf_base64", "code": "not_pdf"})
        elif len(pdf) > MAX_EINVOICE_BYTES:
            fields.append({"field": "pdf_base64", "code": "too_large"})
    file_format = request.get("format", "pdf")
    if file_format not in FORMATS:
        fields.append({"field": "format", "code": "invalid"})
    xml = decoded(request, "xml_base64", fields)
    if xml is not None:
        problem = "only_with_xrechnung" if file_format != "xrechnung" else xml_problem(xml)
        if problem is not None:
            fields.append({"field": "xml_base64", "code": problem})
    elif file_format == "xrechnung" and "xml_base64" not in request:
        fields.append({"field": "xml_base64", "code": "required"})
    if pdf is None and request.get("pdf_base64") is None and (pdf_required or file_format == "facturx"):
        fields.append({"field": "pdf_base64", "code": "required"})
    elif file_format == "facturx" and pdf is not None and pdf.startswith(b"%PDF-"):
        if not (b"/AF" in pdf and b"factur-x.xml" in pdf):
            fields.append({"field": "pdf_base64", "code": "no_facturx_xml"})
    return file_format, pdf, xml


def text_field(request: dict[str, Any], key: str, fields: list[dict[str, str]], required: bool, limit: int) -> Any:
    value = request.get(key)
    if value is None:
        if required:
            fields.append({"field": key, "code": "required"})
    elif not isinstance(value, str):
        fields.append({"field": key, "code": "not_a_string"})
    elif not value.strip():
        fields.append({"field": key, "code": "empty"})
    elif len(value) > limit:
        fields.append({"field": key, "code": "too_long"})
    return value


def unknown_keys(request: dict[str, Any], known: set[str], fields: list[dict[str, str]]) -> None:
    for key in sorted(set(request) - known):
        fields.append({"field": key, "code": "unknown_key"})


def currency_field(request: dict[str, Any], fields: list[dict[str, str]]) -> Any:
    currency = request.get("currency")
    if currency is not None and (not isinstance(currency, str) or not CURRENCY_PATTERN.match(currency)):
        fields.append({"field": "currency", "code": "invalid"})
    return currency


def document_summary(request: dict[str, Any], fields: list[dict[str, str]]) -> dict[str, Any]:
    """The optional fields an invoice and a credit note both carry: customer, currency, total and issue day."""
    customer = request.get("customer")
    if customer is not None and (not isinstance(customer, str) or len(customer) > 200):
        fields.append({"field": "customer", "code": "invalid"})
    currency = currency_field(request, fields)
    total = request.get("total_cents")
    if total is not None and (not is_integer(total) or total < 0 or total > 10**15):
        fields.append({"field": "total_cents", "code": "out_of_range"})
    issued_on = request.get("issued_on")
    if issued_on is not None and not (isinstance(issued_on, str) and valid_date(issued_on)):
        fields.append({"field": "issued_on", "code": "invalid"})
    return {"customer": customer, "currency": currency, "total_cents": total, "issued_on": issued_on}


def validated_invoice(request: dict[str, Any]) -> tuple[dict[str, Any], bytes | None, bytes | None]:
    fields: list[dict[str, str]] = []
    unknown_keys(
        request,
        {"number", "customer", "currency", "total_cents", "issued_on", "pdf_base64", "format", "xml_base64"},
        fields,
    )
    number = text_field(request, "number", fields, required=True, limit=64)
    summary = document_summary(request, fields)
    invoice_format, pdf, xml = checked_files(request, fields, pdf_required=False)
    if fields:
        raise validation_error(fields)
    return {"number": number, **summary, "format": invoice_format}, pdf, xml


def upload_invoice(request: Request) -> Response:
    session = bearer_session(request)
    key = request.headers.get("Idempotency-Key")
    if key is not None and not 1 <= len(key) <= MAX_IDEMPOTENCY_KEY_LENGTH:
        raise ApiError(400, "invalid_idempotency_key", "Idempotency-Key must have 1 to 255 characters")
    invoice, pdf, xml = validated_invoice(request.json_object())
    fingerprint = hashlib.sha256(request.body).hexdigest()
    with request.state.lock:
        data = request.data
        if key is not None:
            previous = data["idempotency"].get((session["user_id"], key))
            if previous is not None:
                if previous["fingerprint"] != fingerprint:
                    raise ApiError(422, "idempotency_key_reused", "this Idempotency-Key was used with another body")
                return previous["status"], previous["payload"], {"Idempotent-Replayed": "true"}
        invoice_id = f"inv_{secrets.token_hex(8)}"
        stored = dict(invoice)
        stored.update(
            {
                "id": invoice_id,
                "pdf_bytes": len(pdf) if pdf is not None else 0,
                "pdf_sha256": hashlib.sha256(pdf).hexdigest() if pdf is not None else None,
                "xml_bytes": len(xml) if xml is not None else 0,
                "xml_sha256": hashlib.sha256(xml).hexdigest() if xml is not None else None,
                "created_at": now_iso(),
            }
        )
        data["invoices"][invoice_id] = {"owner": session["user_id"], "public": stored, "pdf": pdf, "xml": xml}
        if key is not None:
            data["idempotency"][(session["user_id"], key)] = {
                "fingerprint": fingerprint, "status": 201, "payload": stored,
            }
    return 201, stored, {"Location": f"/v1/invoices/{invoice_id}"}


def fetch_invoice(request: Request) -> Response:
    session = bearer_session(request)
    invoice_id = request.params["id"]
    with request.state.lock:
        record = request.data["invoices"].get(invoice_id)
        if record is None or record["owner"] != session["user_id"]:
            raise ApiError(404, "not_found", f"no invoice {invoice_id}")
        payload = dict(record["public"])
        include = {part for value in request.query.get("include", []) for part in value.split(",")}
        if "pdf" in include and record["pdf"] is not None:
            payload["pdf_base64"] = base64.b64encode(record["pdf"]).decode("ascii")
        if "xml" in include and record["xml"] is not None:
            payload["xml_base64"] = base64.b64encode(record["xml"]).decode("ascii")
        return 200, payload, {}


ROUTES = [
    Route("POST", "/v1/invoices", upload_invoice),
    Route("GET", r"/v1/invoices/(?P<id>[A-Za-z0-9_-]{1,64})", fetch_invoice),
]
