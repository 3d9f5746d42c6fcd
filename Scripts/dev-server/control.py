"""The server's own endpoints: health (`GET /v1/health`), the request echo (`/_echo`), and the test control
(`POST /_control`, `POST /_control/reset`, `GET /_stats`) that tests use to inject latency, failures,
`Retry-After`, hangs and expired tokens, and to read what reached the server."""

from __future__ import annotations

import hashlib
import threading
from typing import Any

from core import ApiError, FailureRule, HostileRule, Request, Response, Route, expire_access_tokens, is_header_safe
from core import is_integer
from core import validation_error

# No SERVES: every unit whose tests start the server uses these (core.SERVER_CLIENTS).

MAX_ECHO_BYTES = 64 * 1024 * 1024
MAX_LATENCY_MS = 60_000

USAGE = """\
  GET  /v1/health                 200 {"status": "ok"}
  *    /_echo                     echoes the request as JSON {"method", "path", "query", "headers" (lower-case
                                  names), "body_bytes", "body_sha256", "body_text"}; "?bytes=N" answers N bytes
                                  of application/octet-stream instead, "?status=N" answers with status N
"""

CONTROL_USAGE = """\
  POST /_control                  any of (unknown keys are 422):
                                  "latency_ms": N          delay every other response by N ms (0-60000)
                                  "fail": {"count": N, "status": S, "retry_after": SECONDS or "TEXT",
                                           "path": "/v1/me", "method": "GET"}
                                                           the next N matching requests answer S (and the
                                                           Retry-After header); "path"/"method" are optional
                                                           filters; each call adds one rule
                                  "hang": true|false       hold every other request unanswered until
                                                           "hang": false, a reset or shutdown
                                  "expire_tokens": true    every access token issued so far answers 401
                                                           token_expired (refresh tokens keep working)
                                  "hostile": {"reply": KIND, "path": "/v1/me", "method": "GET", "count": N}
                                                           matching requests (the next N, or every one without
                                                           "count") get a hostile reply instead: "redirect" (with
                                                           "status" 301/302/303/307/308 and "location"),
                                                           "gzip_bomb" ("inflated_bytes", default 1 GiB),
                                                           "endless_chunked", "huge_length" ("declared_bytes",
                                                           default 2 GB, then streams zeros), "drip" (a small
                                                           answer one byte per "interval_ms", default 1000),
                                                           "truncated" (less than its Content-Length, then
                                                           closed), "escapes" (the real answer with terminal
                                                           escapes, a forged line and a direction override added
                                                           to every string), "body" ("status", default 200, and
                                                           "text" sent as it is)
                                  -> 200 the control state
  POST /_control/reset            clears latency, failures, hostile replies, hang and the statistics; {"data": true} also
                                  forgets users, tokens, invoices and idempotency keys
  GET  /_stats                    200 {"total", "paths": {"/v1/me": 3}, "routes": {"GET /v1/me": 3},
                                  "statuses": {"200": 2, "401": 1}, "authorized": {"/v1/me": 2} (requests
                                  that carried credentials: Authorization or Cookie), "delayed_ms": 300}:
                                  every request that
                                  reached the server, counted on arrival (before latency, hang or an injected
                                  failure), and the latency it has waited out in all
"""


def health(request: Request) -> Response:
    return 200, {"status": "ok"}, {}


def echo(request: Request) -> Response:
    query = request.query
    status = 200
    if "status" in query:
        try:
            status = int(query["status"][0])
        except ValueError:
            status = 0
        if not 200 <= status <= 599:
            raise ApiError(400, "bad_request", "status must be 200-599")
    if "bytes" in query:
        try:
            count = int(query["bytes"][0])
        except ValueError:
            count = -1
        if not 0 <= count <= MAX_ECHO_BYTES:
            raise ApiError(400, "bad_request", f"bytes must be 0-{MAX_ECHO_BYTES}")
        pattern = bytes(range(256))
        return status, (pattern * (count // 256 + 1))[:count], {}
    body = request.body
    try:
        text: str | None = body.decode("utf-8") if len(body) <= 65_536 else None
    except UnicodeDecodeError:
        text = None
    return status, {
        "method": request.method,
        "path": request.path,
        "query": {name: values[-1] for name, values in query.items()},
        "headers": {name.lower(): value for name, value in request.headers.items()},
        "body_bytes": len(body),
        "body_sha256": hashlib.sha256(body).hexdigest(),
        "body_text": text,
    }, {}


def parse_control(body: Any) -> dict[str, Any]:
    """Validates a /_control body; every problem is reported at once as 422 fields."""
    if not isinstance(body, dict):
        raise validation_error([{"field": "", "code": "not_an_object"}])
    fields: list[dict[str, str]] = []
    known = {"latency_ms", "fail", "hang", "expire_tokens", "hostile"}
    for key in sorted(set(body) - known):
        fields.append({"field": key, "code": "unknown_key"})
    parsed: dict[str, Any] = {}
    if "latency_ms" in body:
        value = body["latency_ms"]
        if not is_integer(value) or not 0 <= value <= MAX_LATENCY_MS:
            fields.append({"field": "latency_ms", "code": "out_of_range"})
        else:
            parsed["latency_ms"] = value
    if "hang" in body:
        if not isinstance(body["hang"], bool):
            fields.append({"field": "hang", "code": "not_a_boolean"})
        else:
            parsed["hang"] = body["hang"]
    if "expire_tokens" in body:
        if body["expire_tokens"] is not True:
            fields.append({"field": "expire_tokens", "code": "must_be_true"})
        else:
            parsed["expire_tokens"] = True
    if "fail" in body:
        fail = body["fail"]
        if not isinstance(fail, dict):
            fields.append({"field": "fail", "code": "not_an_object"})
        else:
            for key in sorted(set(fail) - {"count", "status", "retry_after", "path", "method"}):
                fields.append({"field": f"fail.{key}", "code": "unknown_key"})
            count = fail.get("count", 1)
            status = fail.get("status", 503)
            retry_after = fail.get("retry_after")
            path = fail.get("path")
            method = fail.get("method")
            if not is_integer(count) or not 1 <= count <= 1_000_000:
                fields.append({"field": "fail.count", "code": "out_of_range"})
            if not is_integer(status) or not 100 <= status <= 599:
                fields.append({"field": "fail.status", "code": "out_of_range"})
            if retry_after is not None:
                if is_integer(retry_after) and retry_after >= 0:
                    retry_after = str(retry_after)
                elif isinstance(retry_after, str) and retry_after and is_header_safe(retry_after):
                    pass
                else:
                    fields.append({"field": "fail.retry_after", "code": "invalid"})
            if path is not None and (not isinstance(path, str) or not path.startswith("/")):
                fields.append({"field": "fail.path", "code": "invalid"})
            if method is not None and (not isinstance(method, str) or not method.isalpha()):
                fields.append({"field": "fail.method", "code": "invalid"})
            if not fields:
                parsed["fail"] = FailureRule(count, status, retry_after, path, method.upper() if method else None)
    if "hostile" in body:
        rule = parse_hostile(body["hostile"], fields)
        if rule is not None:
            parsed["hostile"] = rule
    if fields:
        raise validation_error(fields)
    return parsed


def parse_hostile(rule: Any, fields: list[dict[str, str]]) -> HostileRule | None:
    if not isinstance(rule, dict):
        fields.append({"field": "hostile", "code": "not_an_object"})
        return None
    kind = rule.get("reply")
    if kind not in HostileRule.KINDS:
        fields.append({"field": "hostile.reply", "code": "invalid"})
        return None
    allowed = {"reply", "path", "method", "count"} | {
        "redirect": {"status", "location"}, "gzip_bomb": {"inflated_bytes"}, "huge_length": {"declared_bytes"},
        "drip": {"interval_ms"}, "body": {"status", "text"},
    }.get(kind, set())
    for key in sorted(set(rule) - allowed):
        fields.append({"field": f"hostile.{key}", "code": "unknown_key"})
    count = rule.get("count")
    path = rule.get("path")
    method = rule.get("method")
    if count is not None and (not is_integer(count) or not 1 <= count <= 1_000_000):
        fields.append({"field": "hostile.count", "code": "out_of_range"})
    if path is not None and (not isinstance(path, str) or not path.startswith("/")):
        fields.append({"field": "hostile.path", "code": "invalid"})
    if method is not None and (not isinstance(method, str) or not method.isalpha()):
        fields.append({"field": "hostile.method", "code": "invalid"})
    options: dict[str, Any] = {}
    if kind == "redirect":
        if rule.get("status") not in (301, 302, 303, 307, 308):
            fields.append({"field": "hostile.status", "code": "invalid"})
        location = rule.get("location")
        if not isinstance(location, str) or not location or not is_header_safe(location):
            fields.append({"field": "hostile.location", "code": "invalid"})
        options = {"status": rule.get("status"), "location": location}
    elif kind == "gzip_bomb":
        inflated = rule.get("inflated_bytes", 1 << 30)
        if not is_integer(inflated) or not 1 <= inflated <= 8 << 30:
            fields.append({"field": "hostile.inflated_bytes", "code": "out_of_range"})
        options = {"inflated_bytes": inflated}
    elif kind == "huge_length":
        declared = rule.get("declared_bytes", 2_000_000_000)
        if not is_integer(declared) or not 1 <= declared <= 1 << 40:
            fields.append({"field": "hostile.declared_bytes", "code": "out_of_range"})
        options = {"declared_bytes": declared}
    elif kind == "drip":
        interval = rule.get("interval_ms", 1000)
        if not is_integer(interval) or not 0 <= interval <= MAX_LATENCY_MS:
            fields.append({"field": "hostile.interval_ms", "code": "out_of_range"})
        options = {"interval_ms": interval}
    elif kind == "body":
        status = rule.get("status", 200)
        text = rule.get("text")
        if not is_integer(status) or not 100 <= status <= 599:
            fields.append({"field": "hostile.status", "code": "out_of_range"})
        if not isinstance(text, str):
            fields.append({"field": "hostile.text", "code": "invalid"})
        options = {"status": status, "text": text}
    return HostileRule(kind, count, path, method.upper() if method else None, options)


def stats(request: Request) -> Response:
    state = request.state
    with state.lock:
        return 200, {
            "total": sum(state.paths.values()),
            "paths": dict(state.paths),
            "routes": dict(state.routes),
            "statuses": dict(state.statuses),
            "authorized": dict(state.authorized),
            "delayed_ms": state.delayed_ms,
        }, {}


def control(request: Request) -> Response:
    parsed = parse_control(request.json_body())
    state = request.state
    with state.lock:
        if "latency_ms" in parsed:
            state.latency_ms = parsed["latency_ms"]
        if "fail" in parsed:
            state.failures.append(parsed["fail"])
        if "hostile" in parsed:
            state.hostile.append(parsed["hostile"])
        if parsed.get("expire_tokens"):
            expire_access_tokens(state)
        if parsed.get("hang") is True and state.gate.is_set():
            state.gate = threading.Event()
        elif parsed.get("hang") is False:
            state.gate.set()
        return 200, state.control_state(), {}


def reset(request: Request) -> Response:
    forget_data = False
    if request.body:
        body = request.json_object()
        unknown = sorted(set(body) - {"data"})
        if unknown or not isinstance(body.get("data", False), bool):
            raise validation_error([{"field": key, "code": "unknown_key"} for key in unknown] or
                                   [{"field": "data", "code": "not_a_boolean"}])
        forget_data = body.get("data", False)
    state = request.state
    with state.lock:
        state.reset_control()
        if forget_data:
            state.reset_data()
        return 200, state.control_state(), {}


ROUTES = [
    Route("GET", "/v1/health", health),
    Route("*", "/_echo", echo),
    Route("GET", "/_stats", stats, control=True),
    Route("POST", "/_control", control, control=True),
    Route("POST", "/_control/reset", reset, control=True),
]
