"""Tools that talk to the (absent) user: ask_user, update_plan and request_permissions."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..gotext import to_lower, trim_space
from .args import Args
from .base import ToolSpec
from .gojson_errors import REQUEST_PERMISSIONS_ARGS, struct_type_error
from .toolkit import Tool, ToolContext, ToolOutput, object_schema, permission_request_schema

if TYPE_CHECKING:
    from .workspace import Workspace

# Headless exec has no one to ask (docs/protocol.md 6).
HEADLESS_ANSWER = (
    "No interactive user is available to answer questions. Proceed with your best assumption, "
    "explicitly stating the assumptions you are making."
)


_QUESTION_KEYS = ("question", "prompt", "text", "q", "title")


def ask_user_problem(values: dict[str, Any]) -> str | None:
    """Zero's agent loop checks the questionnaire before the tool runs; the reason it is invalid."""
    items = values.get("questions")
    if items is None:
        return "questions is required"
    if not isinstance(items, list):
        return "questions must be an array"
    if not items:
        return "questions must contain at least one question"
    for number, item in enumerate(items, start=1):
        if isinstance(item, str):
            if not item.strip():
                return f"question {number} must not be empty"
            continue
        if not isinstance(item, dict):
            return f"question {number} must be an object or string"
        if not any(isinstance(item.get(key), str) and item[key].strip() for key in _QUESTION_KEYS):
            return f"question {number} question is required"
    return None


def _ask_user(_context: ToolContext, args: Args) -> ToolOutput:
    problem = ask_user_problem(dict(args.values))
    if problem is not None:
        raise args.error(problem)
    return ToolOutput(HEADLESS_ANSWER)


ASK_USER = Tool(
    spec=ToolSpec(
        name="ask_user",
        safety_reason="Asks the user clarifying questions; gathers input only.",
        description="Ask the user questions (headless runs answer that no user is available).",
        side_effect="read",
        permission="allow",
        parameters=object_schema(
            {
                "questions": {
                    "type": "array",
                    "items": object_schema(
                        closed=False,
                        properties={
                            "question": {"type": "string", "description": "The question."},
                            "header": {"type": "string", "description": "Short label."},
                            "options": {
                                "type": "array",
                                "items": {"type": "string"},
                                "description": "Choices.",
                            },
                            "optionDescriptions": {
                                "type": "array",
                                "items": {"type": "string"},
                                "description": "One per option.",
                            },
                            "recommended": {"type": "string", "description": "The recommended option."},
                            "multiSelect": {"type": "boolean", "description": "Allow several options."},
                        },
                        required=("question",),
                    ),
                    "description": "Questions to ask.",
                },
                "header": {"type": "string", "description": "Heading shown above the questions."},
            },
            ("questions",),
        ),
    ),
    run=_ask_user,
)


_PLAN_STATUSES = ("pending", "in_progress", "completed", "failed")
_STATUS_WORDS = {
    "completed": ("completed", "complete", "done", "finished", "resolved", "\u2713", "x", "[x]"),
    "in_progress": (
        "in_progress",
        "in-progress",
        "inprogress",
        "in progress",
        "active",
        "doing",
        "started",
        "current",
        "wip",
        "ongoing",
        "running",
    ),
    "failed": (
        "failed",
        "fail",
        "error",
        "errored",
        "blocked",
        "cancelled",
        "canceled",
        "abandoned",
        "skipped",
    ),
}


def normalize_plan_status(status: str) -> str:
    """Zero coerces free-form statuses to the nearest canonical one; anything else is pending."""
    word = status.strip().lower()
    for canonical, words in _STATUS_WORDS.items():
        if word in words:
            return canonical
    return "pending"


def _item_text(item: dict[str, Any], key: str, position: int, *, required: bool, fallback: str = "") -> str:
    value = item.get(key)
    if value is None:
        if required:
            raise ValueError(f"plan item {position} {key} is required")
        return fallback
    if not isinstance(value, str):
        raise ValueError(f"plan item {position} {key} must be a string")
    if required and value == "":
        raise ValueError(f"plan item {position} {key} must be a non-empty string")
    return value


def parse_plan(args: Args, strict_status: bool = False) -> list[tuple[str, str, str]]:
    """(content, status, notes) per step, with Zero's argument errors."""
    items = args.values.get("plan")
    if not isinstance(items, list):
        raise args.error("plan must be an array")
    steps: list[tuple[str, str, str]] = []
    for index, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise args.error(f"plan item {index} must be an object")
        try:
            content = _item_text(item, "content", index, required=True)
            _item_text(item, "id", index, required=False)
            status = _item_text(item, "status", index, required=False, fallback="pending") or "pending"
            if strict_status:  # the v1-era Zero rejected anything but the four statuses
                if status not in _PLAN_STATUSES:
                    raise ValueError(
                        f"plan item {index} status must be pending, in_progress, completed, or failed"
                    )
            else:
                status = normalize_plan_status(status)
            notes = _item_text(item, "notes", index, required=False)
        except ValueError as error:
            raise args.error(str(error)) from None
        steps.append((content, status, notes))
    if strict_status:
        return steps
    in_progress = [i for i, (_, status, _) in enumerate(steps) if status == "in_progress"]
    for index in in_progress[:-1]:  # only the last in-progress step stays in progress
        content, _, notes = steps[index]
        steps[index] = (content, "completed", notes)
    return steps


def _update_plan(context: ToolContext, args: Args) -> ToolOutput:
    steps = parse_plan(args, strict_status=context.schema_version < 2)
    if not steps:
        return ToolOutput("Plan is currently empty.")
    lines = []
    for number, (content, status, notes) in enumerate(steps, start=1):
        line = f"{number}. [{status}] {content}"
        if notes:
            line += f"\n   Notes: {notes}"
        lines.append(line)
    return ToolOutput("Current Plan:\n" + "\n".join(lines))


UPDATE_PLAN = Tool(
    spec=ToolSpec(
        name="update_plan",
        safety_reason="Updates in-memory planning state only.",
        description="Record the current step-by-step plan and each step's status.",
        side_effect="read",
        permission="allow",
        parameters=object_schema(
            {
                "plan": {
                    "type": "array",
                    "items": object_schema(
                        closed=False,
                        properties={
                            "content": {"type": "string", "description": "The step."},
                            "status": {
                                "type": "string",
                                "enum": list(_PLAN_STATUSES),
                                "description": "Its status.",
                            },
                            "notes": {"type": "string", "description": "Notes."},
                        },
                        required=("content",),
                    ),
                    "description": "The plan steps, in order.",
                },
            },
            ("plan",),
        ),
    ),
    run=_update_plan,
)


def _asks_for_something(permissions: Any) -> bool:
    if not isinstance(permissions, dict):
        return False
    network = permissions.get("network")
    if isinstance(network, dict) and network.get("enabled") is True:
        return True
    file_system = permissions.get("file_system")
    if isinstance(file_system, dict):
        return any(file_system.get(key) for key in ("read", "write", "entries", "deny_read"))
    return False


def request_permissions_result(values: dict[str, Any]) -> tuple[str, str]:
    """(status, output) of request_permissions, which Zero's agent loop answers itself: headless
    exec has no one to grant anything, so an answerable request gets an empty grant."""
    type_error = struct_type_error(values, REQUEST_PERMISSIONS_ARGS)
    if type_error is not None:
        return "error", f"Error: Invalid arguments for request_permissions: {type_error}"
    if not _asks_for_something(values.get("permissions")):
        return "error", "Error: request_permissions requires at least one permission."
    return "ok", '{"permissions":{},"scope":"turn"}'


_OMIT_HINT = (
    "If this command does not need extra sandbox access \u2014 ordinary read-only commands such as "
    "`git branch --show-current` do not \u2014 omit both sandbox_permissions and additional_permissions "
    "entirely and retry; that is the fix in almost every case."
)
_WITH_ADDITIONAL = "with_additional_permissions"


def additional_permissions_requested(values: Mapping[str, object]) -> bool:
    """Zero 0.8.0's `shellCommandAdditionalPermissionsRequested`: `sandbox_permissions` is
    `with_additional_permissions` (Go prints any other type with fmt.Sprint, which never matches)."""
    mode = values.get("sandbox_permissions")
    return isinstance(mode, str) and trim_space(mode) == _WITH_ADDITIONAL


def additional_permissions_elevate(values: Mapping[str, object], workspace: Workspace) -> bool:
    """Whether a (valid) inline request asks for more than the sandbox already gives, so Zero
    0.8.0 reports the call as a permission prompt. Zero first drops a request that is a no-op
    (`normalizeNoopAdditionalPermissions`): one enabling no network and naming no read or write
    path outside the sandbox's roots (a file stands for its directory); the sandbox never allows
    network, so asking for it always elevates."""
    if not additional_permissions_requested(values):
        return False
    raw = values.get("additional_permissions")
    if not isinstance(raw, dict):
        return False
    network = raw.get("network")
    if isinstance(network, dict) and network.get("enabled") is True:
        return True
    file_system = raw.get("file_system")
    if not isinstance(file_system, dict):
        return False
    paths = [path for key in ("read", "write") for path in file_system.get(key) or ()]
    for entry in file_system.get("entries") or ():
        where = entry.get("path") if isinstance(entry, dict) else None
        if not isinstance(where, dict):
            continue
        kind = trim_space(str(where.get("type") or where.get("kind") or ""))
        access = entry.get("access")
        if kind in ("", "path") and to_lower(trim_space(str(access or ""))) in ("read", "write"):
            paths.append(where.get("path"))
    for path in paths:
        path = trim_space(path) if isinstance(path, str) else ""
        if not path:
            continue
        absolute = os.path.realpath(os.path.join(workspace.root, path))
        root = absolute if os.path.isdir(absolute) else os.path.dirname(absolute)
        if workspace.sandbox_block(root) is not None:
            return True
    return False


def additional_permissions_problem(values: dict[str, Any]) -> str:
    """Zero 0.8.0's check of a shell call's inline `additional_permissions`, made by its agent loop
    before any permission prompt ("" when the call passes). Zero's words: they reach the model
    and the client as the call's error."""
    raw = values.get("additional_permissions")
    if not additional_permissions_requested(values):
        if raw is None:
            return ""
        return (
            f'additional_permissions was provided without sandbox_permissions set to "{_WITH_ADDITIONAL}", '
            f"so it cannot be applied. {_OMIT_HINT} Only if the command genuinely needs file or network "
            f'access the sandbox denies, resend with sandbox_permissions: "{_WITH_ADDITIONAL}" AND a '
            'non-empty additional_permissions, for example {"network": {"enabled": true}}'
        )
    if raw is None:
        return (
            f'sandbox_permissions was set to "{_WITH_ADDITIONAL}" but no additional_permissions object '
            f"was provided. {_OMIT_HINT} Otherwise include one, for example additional_permissions: "
            '{"network": {"enabled": true}} or {"file_system": {"write": ["/path"]}}'
        )
    # A request that asks for nothing is taken as omitted (Zero's normalizeNoopAdditionalPermissions:
    # strict-schema providers fill in every optional property), so it is never refused.
    type_error = struct_type_error(raw, REQUEST_PERMISSIONS_ARGS[2]["permissions"])
    return type_error or ""


def _request_permissions(_context: ToolContext, args: Args) -> ToolOutput:
    status, output = request_permissions_result(dict(args.values))
    return ToolOutput(output, status=status)


REQUEST_PERMISSIONS = Tool(
    spec=ToolSpec(
        name="request_permissions",
        safety_reason=(
            "Requests a user permission decision but does not read, write, run commands, or use the network."
        ),
        description="Ask for extra sandbox permissions (headless runs grant none).",
        side_effect="none",
        permission="allow",
        parameters=object_schema(
            {
                "permissions": permission_request_schema(),
                "reason": {"type": "string", "description": "Why they are needed."},
                "environment_id": {"type": "string", "description": "The environment they apply to."},
            },
            ("permissions",),
        ),
    ),
    run=_request_permissions,
)

INTERACTION_TOOLS = (ASK_USER, UPDATE_PLAN, REQUEST_PERMISSIONS)
