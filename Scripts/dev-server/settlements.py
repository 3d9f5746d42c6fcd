"""Settlement of invoices: credit notes (`POST /v1/credit-notes`, `GET /v1/credit-notes`) and payment events
(`POST /v1/payments`, `GET /v1/payments`), both idempotent with Idempotency-Key. The reference for the invoices
feature's SettlementsAPI.

A credit note travels like an invoice: its PDF, and for XRechnung its XML beside it; it names the invoice it
corrects by number. A payment event says that a payment was recorded against an invoice. The server keeps both and
lists them per user; the app's own store is where the balance is checked."""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import Any, Callable

from core import ApiError, Request, Response, Route, bearer_session, is_integer, now_iso, validation_error
from invoices import (
    MAX_IDEMPOTENCY_KEY_LENGTH,
    checked_files,
    currency_field,
    document_summary,
    text_field,
    unknown_keys,
    valid_date,
)

#: The units whose code calls these endpoints (Scripts/affected tests them when this file changes).
SERVES = ("InvoicesFeature",)

PAYMENT_ID_PATTERN = re.compile(r"^[A-Za-z0-9._-]{1,64}$")

USAGE = """\
  POST /v1/credit-notes           bearer; {"number" (required), "invoice_number" (required), "customer",
                                  "currency" (ISO 4217), "total_cents" (integer >= 0), "issued_on" (YYYY-MM-DD),
                                  "pdf_base64" (required, a PDF), "format" ("pdf", "facturx", "xrechnung"),
                                  "xml_base64" (the XRechnung XML; only with "xrechnung")}
                                  -> 201 the stored credit note with a server "id" ("cn_..."), "pdf_bytes",
                                  "pdf_sha256", "xml_bytes", "created_at"; 422 validation_failed with "fields".
                                  Idempotency-Key as for invoices
  GET  /v1/credit-notes           bearer -> 200 {"credit_notes": [...]} the user's, oldest first
  POST /v1/payments               bearer; {"payment_id" (required), "invoice_number" (required), "currency",
                                  "amount_cents" (integer > 0, required), "paid_on" (YYYY-MM-DD, required),
                                  "reference"} -> 201 the stored event with "id" ("pay_..."), "created_at";
                                  422 validation_failed with "fields". Idempotency-Key as for invoices
  GET  /v1/payments               bearer -> 200 {"payments": [...]} the user's, oldest first
"""


def fresh_data() -> dict[str, Any]:
    return {
        "credit_notes": [],  # {"owner", "public"}
        "payments": [],  # {"owner", "public"}
        "idempotency": {},  # (user id, path, key) -> the first response
    }


def validated_credit_note(request: dict[str, Any]) -> tuple[dict[str, Any], bytes | None, bytes | None]:
    fields: list[dict[str, str]] = []
    unknown_keys(
        request,
        {"number", "invoice_number", "customer", "currency", "total_cents", "issued_on", "pdf_base64", "format",
         "xml_base64"},
        fields,
    )
    number = text_field(request, "number", fields, required=True, limit=64)
    invoice_number = text_field(request, "invoice_number", fields, required=True, limit=64)
    summary = document_summary(request, fields)
    note_format, pdf, xml = checked_files(request, fields, pdf_required=True)
    if fields:
        raise validation_error(fields)
    return {"number": number, "invoice_number": invoice_number, **summary, "format": note_format}, pdf, xml


def validated_payment(request: dict[str, Any]) -> dict[str, Any]:
    fields: list[dict[str, str]] = []
    unknown_keys(
        request, {"payment_id", "invoice_number", "currency", "amount_cents", "paid_on", "reference"}, fields
    )
    payment_id = text_field(request, "payment_id", fields, required=True, limit=64)
    if isinstance(payment_id, str) and payment_id.strip() and not PAYMENT_ID_PATTERN.match(payment_id):
        fields.append({"field": "payment_id", "code": "invalid"})
    invoice_number = text_field(request, "invoice_number", fields, required=True, limit=64)
    currency = currency_field(request, fields)
    amount = request.get("amount_cents")
    if amount is None:
        fields.append({"field": "amount_cents", "code": "required"})
    elif not is_integer(amount) or amount <= 0 or amount > 10**15:
        fields.append({"field": "amount_cents", "code": "out_of_range"})
    paid_on = request.get("paid_on")
    if paid_on is None:
        fields.append({"field": "paid_on", "code": "required"})
    elif not (isinstance(paid_on, str) and valid_date(paid_on)):
        fields.append({"field": "paid_on", "code": "invalid"})
    reference = request.get("reference")
    if reference is not None and (not isinstance(reference, str) or len(reference) > 200):
        fields.append({"field": "reference", "code": "invalid"})
    if fields:
        raise validation_error(fields)
    return {
        "payment_id": payment_id,
        "invoice_number": invoice_number,
        "currency": currency,
        "amount_cents": amount,
        "paid_on": paid_on,
        "reference": reference,
    }


def idempotent(request: Request, store: Callable[[dict[str, Any]], tuple[dict[str, Any], str]]) -> Response:
    """Runs `store(session)` once per user, path and Idempotency-Key: the same key and body replay the first
    answer, the same key with another body is refused. `store` returns the stored item and its location."""
    session = bearer_session(request)
    key = request.headers.get("Idempotency-Key")
    if key is not None and not 1 <= len(key) <= MAX_IDEMPOTENCY_KEY_LENGTH:
        raise ApiError(400, "invalid_idempotency_key", "Idempotency-Key must have 1 to 255 characters")
    fingerprint = hashlib.sha256(request.body).hexdigest()
    with request.state.lock:
        data = request.data
        slot = (session["user_id"], request.path, key)
        if key is not None:
            previous = data["idempotency"].get(slot)
            if previous is not None:
                if previous["fingerprint"] != fingerprint:
                    raise ApiError(422, "idempotency_key_reused", "this Idempotency-Key was used with another body")
                return previous["status"], previous["payload"], {"Idempotent-Replayed": "true"}
        stored, location = store(session)
        if key is not None:
            data["idempotency"][slot] = {"fingerprint": fingerprint, "status": 201, "payload": stored}
    return 201, stored, {"Location": location}


def upload_credit_note(request: Request) -> Response:
    note, pdf, xml = validated_credit_note(request.json_object())

    def store(session: dict[str, Any]) -> tuple[dict[str, Any], str]:
        stored = dict(note)
        stored.update(
            {
                "id": f"cn_{secrets.token_hex(8)}",
                "pdf_bytes": len(pdf) if pdf is not None else 0,
                "pdf_sha256": hashlib.sha256(pdf).hexdigest() if pdf is not None else None,
                "xml_bytes": len(xml) if xml is not None else 0,
                "created_at": now_iso(),
            }
        )
        request.data["credit_notes"].append({"owner": session["user_id"], "public": stored})
        return stored, "/v1/credit-notes"

    return idempotent(request, store)


def post_payment(request: Request) -> Response:
    payment = validated_payment(request.json_object())

    def store(session: dict[str, Any]) -> tuple[dict[str, Any], str]:
        stored = dict(payment)
        stored.update({"id": f"pay_{secrets.token_hex(8)}", "created_at": now_iso()})
        request.data["payments"].append({"owner": session["user_id"], "public": stored})
        return stored, "/v1/payments"

    return idempotent(request, store)


def listing(name: str) -> Callable[[Request], Response]:
    def handler(request: Request) -> Response:
        session = bearer_session(request)
        with request.state.lock:
            items = [dict(item["public"]) for item in request.data[name] if item["owner"] == session["user_id"]]
        return 200, {name: items}, {}

    return handler


ROUTES = [
    Route("POST", "/v1/credit-notes", upload_credit_note),
    Route("GET", "/v1/credit-notes", listing("credit_notes")),
    Route("POST", "/v1/payments", post_payment),
    Route("GET", "/v1/payments", listing("payments")),
]
