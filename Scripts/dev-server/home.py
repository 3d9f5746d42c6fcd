"""Home-screen sections (`GET /v1/home/sections`): the reference for the home feature's HomeSectionsAPI."""

from __future__ import annotations

from typing import Any

from core import Request, Response, Route

#: The units whose code calls these endpoints (Scripts/affected tests them when this file changes).
SERVES = ("HomeFeature",)

USAGE = """\
  GET  /v1/home/sections          200 {"version": 1, "sections": [...]}: a banner, an expenses_summary, a
                                  quick_actions list, a section of an unknown type and a malformed banner
"""


def home_sections() -> dict[str, Any]:
    """The home screen: three well-formed sections, one of a type no client knows, and one malformed."""
    return {
        "version": 1,
        "sections": [
            {
                "id": "welcome",
                "type": "banner",
                "title": "Welcome back",
                "message": "Your monthly report is ready.",
                "link": "ledger://reports/monthly",
            },
            {
                "id": "summary",
                "type": "expenses_summary",
                "period": "month",
                "currency": "EUR",
                "total_cents": 184_250,
                "categories": [
                    {"name": "Travel", "total_cents": 92_000},
                    {"name": "Meals", "total_cents": 41_250},
                    {"name": "Software", "total_cents": 51_000},
                ],
            },
            {
                "id": "actions",
                "type": "quick_actions",
                "actions": [
                    {"id": "add_expense", "title": "Add expense", "link": "ledger://expenses/new"},
                    {"id": "new_invoice", "title": "New invoice", "link": "ledger://invoices/new"},
                    {"id": "weekly_report", "title": "Weekly report", "link": "ledger://reports/weekly"},
                ],
            },
            {
                "id": "promo",
                "type": "carousel_3d",
                "items": [{"title": "Try the new dashboard", "image": "https://example.com/promo.png"}],
            },
            {"id": "broken", "type": "banner", "title": 42},
        ],
    }


def sections(request: Request) -> Response:
    return 200, home_sections(), {}


ROUTES = [
    Route("GET", "/v1/home/sections", sections),
]
