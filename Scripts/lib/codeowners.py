"""CODEOWNERS as GitHub reads it: one pattern and its owners per line, `#` comments, and the LAST matching
pattern wins. Patterns follow gitignore's rules without negation: a leading `/` anchors at the root, a pattern
with no other `/` matches at any depth, a trailing `/` matches a folder and everything in it, `*` matches within
one path segment, `**` across segments. Shared by Scripts/affected, Scripts/replay and the tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    pattern: str
    owners: tuple[str, ...]
    line: int
    regex: re.Pattern

    def matches(self, path: str) -> bool:
        """Whether the rule covers the file `path` (itself, or a folder it lies in)."""
        parts = path.strip("/").split("/")
        candidates = ["/".join(parts[:count]) for count in range(1, len(parts) + 1)]
        folders_only = self.pattern.endswith("/")
        for index, candidate in enumerate(candidates):
            is_folder = index < len(candidates) - 1
            if folders_only and not is_folder:
                continue
            if self.regex.fullmatch(candidate):
                return True
        return False


class CodeownersError(ValueError):
    """A line GitHub would not accept."""


def translate(pattern: str) -> re.Pattern:
    body = pattern.rstrip("/")
    anchored = body.startswith("/") or "/" in body
    body = body.lstrip("/")
    regex = ""
    index = 0
    while index < len(body):
        if body.startswith("**/", index):
            regex += "(?:.*/)?"
            index += 3
        elif body.startswith("**", index):
            regex += ".*"
            index += 2
        elif body[index] == "*":
            regex += "[^/]*"
            index += 1
        elif body[index] == "?":
            regex += "[^/]"
            index += 1
        else:
            regex += re.escape(body[index])
            index += 1
    return re.compile(regex if anchored else f"(?:.*/)?{regex}")


def parse(text: str) -> list[Rule]:
    rules = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split()
        pattern, owners = fields[0], tuple(fields[1:])
        if pattern.startswith("!") or "[" in pattern or "\\" in pattern:
            raise CodeownersError(f"CODEOWNERS:{number}: GitHub does not support `{pattern}` "
                                  "(no negation, character ranges or escapes)")
        for owner in owners:
            if not re.fullmatch(r"@[A-Za-z0-9-]+(/[A-Za-z0-9_.-]+)?|[^@\s]+@[^@\s]+", owner):
                raise CodeownersError(f"CODEOWNERS:{number}: `{owner}` is not a user, a team or an email")
        rules.append(Rule(pattern, owners, number, translate(pattern)))
    return rules


def owners_of(rules: list[Rule], path: str) -> tuple[str, ...]:
    """The owners of a file: those of the last rule that matches it; () when none does (or it lists none)."""
    found: tuple[str, ...] = ()
    for rule in rules:
        if rule.matches(path):
            found = rule.owners
    return found


def rule_for(rules: list[Rule], path: str) -> Rule | None:
    """The rule that decides a file's owners (the last one that matches)."""
    decided = None
    for rule in rules:
        if rule.matches(path):
            decided = rule
    return decided
