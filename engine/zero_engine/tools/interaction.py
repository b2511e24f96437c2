"""Tools that talk to the (absent) user: ask_user, update_plan and request_permissions."""

from __future__ import annotations

import json

from .args import Args
from .base import Display, ToolSpec
from .toolkit import Tool, ToolContext, ToolOutput, object_schema

# Headless exec has no one to ask (docs/protocol.md 6).
HEADLESS_ANSWER = (
    "No interactive user is available to answer questions. Proceed with your best assumption, "
    "explicitly stating the assumptions you are making."
)


def _questions(args: Args) -> list[str]:
    questions = args.optional_list("questions")
    if not questions:
        raise args.error('"questions" must be a non-empty array')
    texts: list[str] = []
    for index, question in enumerate(questions):
        text = question.get("question") if isinstance(question, dict) else None
        if not isinstance(text, str) or not text.strip():
            raise args.error(f'"questions[{index}].question" is required')
        texts.append(text)
    return texts


def _ask_user_paths(args: Args) -> list[str]:
    _questions(args)
    return []


def _ask_user(_context: ToolContext, args: Args) -> ToolOutput:
    asked = _questions(args)
    return ToolOutput(
        HEADLESS_ANSWER, display=Display(summary=f"Asked {len(asked)} question(s)", kind="question")
    )


ASK_USER = Tool(
    spec=ToolSpec(
        name="ask_user",
        description="Ask the user questions (headless runs answer that no user is available).",
        side_effect="read",
        permission="allow",
        parameters=object_schema(
            {
                "questions": {
                    "type": "array",
                    "items": object_schema(
                        {
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
                        ("question",),
                    ),
                    "description": "Questions to ask.",
                },
                "header": {"type": "string", "description": "Heading shown above the questions."},
            },
            ("questions",),
        ),
    ),
    run=_ask_user,
    paths=_ask_user_paths,
)


_PLAN_STATUSES = ("pending", "in_progress", "completed", "failed")


def _plan(args: Args) -> list[tuple[str, str]]:
    plan = args.optional_list("plan")
    if plan is None:
        raise args.error('"plan" is required')
    steps: list[tuple[str, str]] = []
    for index, step in enumerate(plan):
        if not isinstance(step, dict) or not isinstance(step.get("content"), str):
            raise args.error(f'"plan[{index}].content" is required')
        status = step.get("status", "pending")
        if status not in _PLAN_STATUSES:
            raise args.error(f'"plan[{index}].status" must be one of {", ".join(_PLAN_STATUSES)}')
        steps.append((step["content"], status))
    return steps


def _update_plan_paths(args: Args) -> list[str]:
    _plan(args)
    return []


def _update_plan(_context: ToolContext, args: Args) -> ToolOutput:
    steps = _plan(args)
    marks = {"pending": "[ ]", "in_progress": "[~]", "completed": "[x]", "failed": "[!]"}
    lines = [f"{marks[status]} {content}" for content, status in steps]
    done = sum(1 for _, status in steps if status == "completed")
    summary = f"Plan updated: {done}/{len(steps)} completed"
    return ToolOutput("Plan updated.\n" + "\n".join(lines), display=Display(summary=summary, kind="plan"))


UPDATE_PLAN = Tool(
    spec=ToolSpec(
        name="update_plan",
        description="Record the current step-by-step plan and each step's status.",
        side_effect="read",
        permission="allow",
        parameters=object_schema(
            {
                "plan": {
                    "type": "array",
                    "items": object_schema(
                        {
                            "content": {"type": "string", "description": "The step."},
                            "status": {
                                "type": "string",
                                "enum": list(_PLAN_STATUSES),
                                "description": "Its status.",
                            },
                            "notes": {"type": "string", "description": "Notes."},
                        },
                        ("content",),
                    ),
                    "description": "The plan steps, in order.",
                },
            },
            ("plan",),
        ),
    ),
    run=_update_plan,
    paths=_update_plan_paths,
)


def _request_permissions(_context: ToolContext, args: Args) -> ToolOutput:
    if args.values.get("permissions") is None:
        raise args.error('"permissions" is required')
    # Headless exec has no responder: nothing is granted.
    return ToolOutput(json.dumps({"permissions": {}}), display=Display(summary="No permissions granted"))


REQUEST_PERMISSIONS = Tool(
    spec=ToolSpec(
        name="request_permissions",
        description="Ask for extra sandbox permissions (headless runs grant none).",
        side_effect="none",
        permission="allow",
        parameters=object_schema(
            {
                "permissions": {"type": "object", "description": "The permissions requested."},
                "reason": {"type": "string", "description": "Why they are needed."},
                "environment_id": {"type": "string", "description": "The environment they apply to."},
            },
            ("permissions",),
        ),
    ),
    run=_request_permissions,
)

INTERACTION_TOOLS = (ASK_USER, UPDATE_PLAN, REQUEST_PERMISSIONS)
