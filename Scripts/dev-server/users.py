"""Users and sign-in: registration (`POST /v1/users`), tokens (`POST /v1/auth/token`, `POST /v1/auth/refresh`)
and who a token belongs to (`GET /v1/me`). The reference for the onboarding feature's UsersAPI and SessionsAPI."""

from __future__ import annotations

import re
import secrets
from typing import Any

from core import ApiError, Request, Response, Route, bearer_session, now_iso, open_session, refresh_session
from core import validation_error

#: The units whose code calls these endpoints (Scripts/affected tests them when this file changes).
SERVES = ("OnboardingFeature",)

MAX_EMAIL_LENGTH = 254
EMAIL_PATTERN = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")

USAGE = """\
  POST /v1/users                  {"email": "a@b.c"} -> 201 {"id", "email", "created_at"}
                                  409 email_taken (case-insensitive duplicate)
                                  422 validation_failed, "fields": [{"field": "email", "code": C}] where C is
                                      required, not_a_string, empty, too_long, missing_at or invalid_format
  POST /v1/auth/token             {"email"} of a registered user -> 200 {"access_token": "v1.<random>",
                                  "refresh_token", "token_type": "Bearer", "version": 1}; 401 invalid_credentials
  POST /v1/auth/refresh           {"refresh_token"} -> 200 the next pair, "version" + 1 ("v2.<random>"); the
                                  refresh token rotates and the previous access token stops working;
                                  401 invalid_refresh_token
  GET  /v1/me                     bearer -> 200 {"id", "email", "token_version"}
"""


def fresh_data() -> dict[str, Any]:
    return {"users": {}}  # lower-cased email -> user


def email_problem(value: Any) -> str | None:
    """The validation code for an email value, or None when it is acceptable."""
    if value is None:
        return "required"
    if not isinstance(value, str):
        return "not_a_string"
    if not value.strip():
        return "empty"
    if len(value) > MAX_EMAIL_LENGTH:
        return "too_long"
    if "@" not in value:
        return "missing_at"
    if not EMAIL_PATTERN.match(value):
        return "invalid_format"
    return None


def register(request: Request) -> Response:
    email = request.json_object().get("email")
    problem = email_problem(email)
    if problem is not None:
        raise validation_error([{"field": "email", "code": problem}])
    with request.state.lock:
        users = request.data["users"]
        key = email.strip().lower()
        if key in users:
            raise ApiError(409, "email_taken", "a user with this email exists", {"field": "email"})
        user = {"id": f"usr_{secrets.token_hex(8)}", "email": email.strip(), "created_at": now_iso()}
        users[key] = user
    return 201, user, {"Location": f"/v1/users/{user['id']}"}


def issue_token(request: Request) -> Response:
    email = request.json_object().get("email")
    with request.state.lock:
        user = request.data["users"].get(email.strip().lower()) if isinstance(email, str) else None
        if user is None:
            raise ApiError(401, "invalid_credentials", "no user is registered with this email")
        return 200, open_session(request.state, user["id"]), {"Cache-Control": "no-store"}


def refresh_token(request: Request) -> Response:
    token = request.json_object().get("refresh_token")
    with request.state.lock:
        pair = refresh_session(request.state, token)
        if pair is None:
            raise ApiError(401, "invalid_refresh_token", "the refresh token is unknown or was already used")
        return 200, pair, {"Cache-Control": "no-store"}


def me(request: Request) -> Response:
    session = bearer_session(request)
    with request.state.lock:
        user = next(user for user in request.data["users"].values() if user["id"] == session["user_id"])
        return 200, {"id": user["id"], "email": user["email"], "token_version": session["version"]}, {}


ROUTES = [
    Route("POST", "/v1/users", register),
    Route("POST", "/v1/auth/token", issue_token),
    Route("POST", "/v1/auth/refresh", refresh_token),
    Route("GET", "/v1/me", me),
]
