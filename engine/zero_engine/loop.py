"""The agent loop: model request -> streamed deltas -> tool calls -> tool results -> again.

Follows docs/protocol.md 3.6.2 for event order and 3.6.5 for the turn limit, and Zero's loop for the
conversation it sends (docs/engine.md, "Agent loop"):
- an assistant turn's tool-call arguments are replayed as `{}` when they are not valid JSON
  (the first of several concatenated objects is kept); an empty assistant turn is sent as none;
- a turn with no visible text and no tool calls gets a user nudge and another turn; three such
  turns in a row end the run with a fixed answer; a tool call without an id or a name is not run
  and the model is told so;
- one-shot reminders: update_plan not called by the end of turn 3 (after a tool call), a plan
  not updated for 10 tool calls (v2 also: 8 turns with items pending), 6 tool-only turns;
- v2's completion gate: a final answer while plan items are pending, or that ends announcing its
  own next step ("Let me check the config:"), gets up to 3 "continue" nudges;
- at the turn limit one more request asks for a summary (v2 still offers the tools; v1 does not).
The nudge and reminder texts reach only the model and are this project's own words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from zero_engine import gojson, gotext
from zero_engine.cancellation import raise_deferred
from zero_engine.output import Sink
from zero_engine.provider import (
    ChatMessage,
    ImageInput,
    ModelRequest,
    Provider,
    ProviderError,
    ReasoningDelta,
    TextDelta,
    ToolCallRequest,
    ToolDefinition,
    TurnEnd,
    Usage,
)
from zero_engine.tools.base import ToolExecution, ToolRegistryProtocol, ToolResult

MAX_TURNS_FINAL_ANSWER_PROMPT = (
    "You have used all the tool turns this run allows. Do not call any more tools. Reply with a short "
    "final answer: what you finished, what you learned, and anything still blocking."
)
NO_FINAL_ANSWER_TEXT = "Agent reached maximum number of turns without a final answer."
TOOL_IMAGE_LABEL = "The {tool} tool returned this image:"
SYSTEM_PROMPT = "You are Zero, a coding agent running headless inside the user's workspace."
EMPTY_TURN_NUDGE = (
    "Your last reply contained neither text nor a tool call. "
    "Keep going: call a tool or give your final answer."
)
DROPPED_TOOL_CALL_NUDGE = (
    "One of your tool calls had no tool name (or no id), so it was not run. Repeat it with a valid name."
)
PLAN_NOT_CALLED_REMINDER = (
    "Note: this task has several steps and there is no plan yet. Record the steps with update_plan, then "
    "carry on."
)
TOOL_ONLY_REMINDER = (
    "Note: the last {turns} turns were tool calls with no visible progress. Summarise what you know, say "
    "what comes next, and finish if you already have enough."
)
PLAN_STALE_REMINDER = (
    "Note: {calls} tool calls have run since the plan was last updated. Bring the plan up to date with "
    "update_plan, then carry on."
)
ACCEPTANCE_CHECK_NUDGE = (
    "Before this counts as done, compare your answer with what the task asked for. If anything is "
    "missing or unverified, keep working with a tool; if it is all there, give your final answer again."
)
CONTINUE_NUDGE = (
    "You ended your turn without a tool call, but the work is not done ({reason}). Take the next step with "
    "a tool now; if everything really is finished, mark the plan complete with update_plan and then give "
    "your final summary."
)
TOOL_FAILURE_HINT = (
    "The `{tool}` tool has now failed twice in a row with the same error:\n{error}\n\n"
    "Its arguments must follow this schema exactly:\n{schema}\n\n"
    "Correct the arguments and try again, or choose another approach."
)
MAX_EMPTY_TURNS = 3
TOOL_FAILURE_HINT_AT = 2
MAX_CONTINUE_NUDGES = 3
PLAN_REMINDER_TURN = 3
STALE_TOOL_CALLS = 10
STALE_PLAN_TURNS = 8
TOOL_ONLY_REMINDER_TURNS = 6
PLAN_TOOL = "update_plan"

_COMPLETED = ("completed", "complete", "done", "finished", "resolved", "✓", "x", "[x]")
_FAILED = ("failed", "fail", "error", "errored", "blocked", "cancelled", "canceled", "abandoned", "skipped")
_CONTINUATION_CUES = (
    "let me ", "let's ", "now i'll ", "now i will ", "now let me ", "let me now ", "i'll now ",
    "i will now ", "next i'll ", "next, i'll ", "first, i'll ", "first let me ",
)  # fmt: skip


# The completion gate's admission check. The matched marker appears in the client-visible reason
# `the final message admits the objective was not met ("<marker>")`, so the lists are Zero's.
_ADMISSION_PHRASES = (
    "i guessed", "my best guess", "i'm guessing", "this is a guess", "just a guess",
    "i made it up", "i fabricated", "i assumed a", "i had to assume",
    "i do not have the ability", "i don't have the ability", "i lack the ability",
    "no way for me to", "not possible for me to",
    "may not be correct", "might not be correct", "may be incorrect", "might be incorrect",
    "this may not work", "this might not work", "not fully functional", "not fully working",
)  # fmt: skip
_INABILITY_STEMS = (
    "i cannot ", "i can't ", "i can not ", "i could not ", "i couldn't ",
    "i am unable to", "i'm unable to", "i was unable to", "i wasn't able to",
    "i was not able to", "i do not have", "i don't have", "unable to ",
    "without being able to",
)  # fmt: skip
_SUCCESS_TAILS = (
    "find any", "found any", "find a ", "see any", "detect any", "identify any", "reproduce", "spot any",
    "locate any",
)  # fmt: skip
_NARRATIVE_MARKERS = (
    "you asked", "you said", "you wanted", "you mentioned", "we discussed", "we talked", "we covered",
    "when we last", "last time", "last session", "previous session", "previous conversation",
    "earlier session", "earlier conversation", "at the time", "back then",
)  # fmt: skip
_QUOTE_PAIRS = {'"': '"', "“": "”", "`": "`"}
_SENTENCE_BREAKS = re.compile(r"[.!?\n]+")


def _strip_quoted(text: str) -> str:
    """Drop balanced "..." / “...” / `...` spans (an unclosed one is kept as written)."""
    kept: list[str] = []
    span: list[str] = []
    closer = ""
    for char in text:
        if closer:
            if char == closer:
                closer = ""
                span = []
                continue
            span.append(char)
        elif char in _QUOTE_PAIRS:
            closer = _QUOTE_PAIRS[char]
            span = [char]
        else:
            kept.append(char)
    return "".join(kept + span)


def admitted_incompletion(text: str) -> str:
    """The incomplete reason when a final answer admits the objective was not met, else ""."""
    for sentence in _SENTENCE_BREAKS.split(_strip_quoted(text).lower()):
        if not sentence or any(marker in sentence for marker in _NARRATIVE_MARKERS):
            continue
        marker = next((phrase for phrase in _ADMISSION_PHRASES if phrase in sentence), "")
        if not marker:
            for stem in _INABILITY_STEMS:
                start = sentence.find(stem)
                while start >= 0:
                    tail = gotext.trim_space(sentence[start + len(stem) :])
                    if not tail.startswith(_SUCCESS_TAILS):
                        marker = stem.strip() + " …"
                        break
                    start = sentence.find(stem, start + len(stem))
                if marker:
                    break
        if marker:
            return f'the final message admits the objective was not met ("{marker}")'
    return ""


def tool_failure_stop_answer(tool: str, count: int) -> str:
    """The final answer when one tool kept failing the same way (client-visible: Zero's wording)."""
    return (
        f"Agent stopped: the `{tool}` tool failed {count} times in a row with the same error, so I halted "
        "instead of looping further. Please check the request or adjust the tool arguments."
    )


_DENIAL_MARKERS = (
    "is not enabled for this run",
    "Permission denied for ",
    "Permission required for ",
    "Sandbox block",
    "Sandbox violation",
    "Sandbox approval required for ",
    # `Tool "X" is not available in plan mode.`: Zero tags it a filtered denial (DenialFiltered).
    '" is not available in ',
    "Permission approval cancelled for ",
)


def retriable_failure(execution: ToolExecution) -> bool:
    """A failed call the model could fix; a denial is a policy decision, not a mistake."""
    result = execution.result
    if result.status != "error":
        return False
    if execution.permission is not None and execution.permission.action == "deny":
        return False
    return not any(marker in result.output for marker in _DENIAL_MARKERS)


def no_output_stop_answer(turns: int) -> str:
    """The final answer after MAX_EMPTY_TURNS empty turns (client-visible: Zero's wording)."""
    return (
        f"Agent stopped after {turns} turns with no output (no visible text and no tool calls) "
        "to avoid consuming tokens without making progress."
    )


def ends_with_continuation_cue(text: str) -> bool:
    """The reply ends announcing its own next action ("... Let me check the config:")."""
    lines = [line.strip() for line in gotext.trim_space(text).split("\n") if line.strip()]
    if not lines:
        return False
    last = lines[-1].lower()
    if not last.endswith(":"):
        return False
    clause = last
    if ". " in last:
        clause = last[last.rindex(". ") + 2 :].strip()
    if clause.startswith("let me know"):
        return False
    return clause.startswith(_CONTINUATION_CUES)


def pending_plan_items(arguments: str) -> int | None:
    """How many items of an update_plan call are not finished, or None when unreadable."""
    try:
        decoded = gojson.unmarshal(gotext.trim_space(arguments))
    except gojson.GoUnmarshalError:
        return None
    if not isinstance(decoded, dict) or not isinstance(decoded.get("plan"), list):
        return None
    pending = 0
    for item in decoded["plan"]:
        if not isinstance(item, dict) or not isinstance(item.get("content"), str) or not item["content"]:
            return None
        status = item.get("status")
        status = gotext.trim_space(status).lower() if isinstance(status, str) else ""
        if status not in _COMPLETED and status not in _FAILED:
            pending += 1
    return pending


def history_arguments(arguments: str, schema_version: int = 2) -> str:
    """Tool-call arguments as replayed to the model: valid JSON as is, else `{}`.

    v2 keeps the first of several concatenated JSON values (`{A}{B}` -> `{A}`), as Zero 0.8.0
    runs that first object; the v1-era loop replaced anything invalid with `{}`.
    """
    trimmed = gotext.trim_space(arguments)
    if not trimmed:
        return "{}"
    decoder = gojson.SYNTAX_DECODER
    if gojson.valid(trimmed):
        return arguments
    if schema_version < 2:
        return "{}"
    try:
        _, end = decoder.raw_decode(trimmed)
    except ValueError:
        return "{}"
    rest = trimmed[end:]
    while rest.strip():
        try:
            _, used = decoder.raw_decode(rest.lstrip())
        except ValueError:
            return "{}"
        rest = rest.lstrip()[used:]
    return trimmed[:end]


@dataclass(frozen=True)
class LoopSettings:
    max_turns: int
    session_id: str = ""
    schema_version: int = 2
    completion_gate: bool = True  # v2 headless runs, unless --no-completion-gate
    # --exec-profile thorough arms self-correction: the completion gate then asks the model once
    # per run to check its answer against the task before a final answer is accepted.
    acceptance_check: bool = False
    # The system message: SYSTEM_PROMPT plus the run's context sections (its guidelines files,
    # its skills: execrun._system_prompt).
    system_prompt: str = SYSTEM_PROMPT


@dataclass
class LoopOutcome:
    final_text: str
    finish_reason: str = "stop"
    hit_turn_limit: bool = False
    incomplete_reason: str = ""
    checkpoints: int = field(default=0)


def truncation_notice(finish_reason: str) -> str:
    """The warning for a response that stopped early (empty for normal endings)."""
    if finish_reason in ("", "stop", "tool_calls", "end_turn"):
        return ""
    if finish_reason == "length":
        return (
            "Response was cut off at the output token limit and may be incomplete. "
            "Raise the model's max output tokens or ask zero to continue."
        )
    if finish_reason == "content_filter":
        return "Response was withheld or cut off by the provider's content filter and may be incomplete."
    return f"Response ended early ({finish_reason}) and may be incomplete."


@dataclass
class _Guards:
    """The per-run counters behind the nudges and reminders."""

    empty_turns: int = 0
    total_calls: int = 0
    calls_since_plan: int = 0
    turns_since_plan: int = 0
    plan_called: bool = False
    plan_pending: int = 0
    not_called_sent: bool = False
    stale_sent: bool = False
    tool_only_turns: int = 0
    tool_only_sent: bool = False
    acceptance_checked: bool = False
    continue_nudges: int = 0
    failures: dict[str, tuple[str, int, bool]] = field(default_factory=dict)  # tool: (error, count, hinted)

    def observe_result(self, tool: str, failed: bool, output: str, stop_at: int) -> tuple[bool, int, bool]:
        """(stop the run, failures in a row, show the corrective hint) after one tool result."""
        if not failed:
            self.failures.pop(tool, None)
            return False, 0, False
        signature = " ".join(gotext.fields(output)).lower()[:80]
        error, count, hinted = self.failures.get(tool, ("", 0, False))
        count = count + 1 if error == signature else 1
        hinted = hinted if error == signature else False
        if count >= stop_at:
            self.failures[tool] = (signature, count, hinted)
            return True, count, False
        show_hint = count >= TOOL_FAILURE_HINT_AT and not hinted
        self.failures[tool] = (signature, count, hinted or show_hint)
        return False, count, show_hint

    def observe(self, text: str, reasoning: bool, calls: tuple[ToolCallRequest, ...]) -> bool:
        """Count one turn; True when the empty-turn guard must stop the run."""
        visible = bool(gotext.trim_space(text))
        self.empty_turns = 0 if (calls or visible or reasoning) else self.empty_turns + 1
        if calls and not visible:
            self.tool_only_turns += 1
        else:
            self.tool_only_turns = 0
            self.tool_only_sent = False
        self.turns_since_plan += 1
        for call in calls:
            self.total_calls += 1
            if call.name == PLAN_TOOL:
                self.plan_called = True
                self.calls_since_plan = 0
                self.turns_since_plan = 0
                self.stale_sent = False
                pending = pending_plan_items(call.arguments)
                if pending is not None:
                    self.plan_pending = pending
            else:
                self.calls_since_plan += 1
        return self.empty_turns >= MAX_EMPTY_TURNS

    def reminder(self, turn: int, schema_version: int) -> str:
        if not self.tool_only_sent and self.tool_only_turns >= TOOL_ONLY_REMINDER_TURNS:
            self.tool_only_sent = True
            return TOOL_ONLY_REMINDER.format(turns=self.tool_only_turns)
        stale_turns = (
            schema_version >= 2 and self.turns_since_plan >= STALE_PLAN_TURNS and self.plan_pending > 0
        )
        if (
            self.plan_called
            and not self.stale_sent
            and (self.calls_since_plan >= STALE_TOOL_CALLS or stale_turns)
        ):
            self.stale_sent = True
            return PLAN_STALE_REMINDER.format(calls=self.calls_since_plan)
        if (
            not self.not_called_sent
            and not self.plan_called
            and turn >= PLAN_REMINDER_TURN
            and self.total_calls >= 1
        ):
            self.not_called_sent = True
            return PLAN_NOT_CALLED_REMINDER
        return ""


@dataclass
class _Reply:
    text: str
    end: TurnEnd
    reasoning: bool


class AgentLoop:
    def __init__(
        self, provider: Provider, registry: ToolRegistryProtocol | None, sink: Sink, settings: LoopSettings
    ) -> None:
        self.provider = provider
        self.registry = registry
        self.sink = sink
        self.settings = settings
        # A tool_call's sideEffect comes from the tools registered for the run: a call to any other
        # name (tool_search when nothing is deferred, too) is "unknown", as in Zero.
        self._side_effects = (
            {spec.name: spec.side_effect for spec in registry.registered_specs()} if registry else {}
        )
        self._checkpoint_sequence = 0
        self.turns = 0  # loop iterations so far (what Zero's sessionEnd hook reports as turns)

    def _tools(self) -> tuple[ToolDefinition, ...]:
        if self.registry is None:
            return ()
        return tuple(
            ToolDefinition(spec.name, spec.description, spec.parameters)
            for spec in self.registry.request_specs()
        )

    def _request(self, messages: list[ChatMessage], with_tools: bool) -> _Reply:
        """One model request; streams deltas to the sink. Usage is reported even on failure."""
        reminder = getattr(self.registry, "deferred_reminder", None)
        extra = reminder() if reminder is not None and with_tools else ""
        request = ModelRequest(
            model=self.provider.info.api_model,
            # schemaVersion 1 with deferred tools: a reminder for this request only, never kept.
            messages=(*messages, ChatMessage(role="user", content=extra)) if extra else tuple(messages),
            tools=self._tools() if with_tools else (),
        )
        parts: list[str] = []
        usage: Usage | None = None
        end = TurnEnd(finish_reason="")
        reasoning = False
        try:
            for chunk in self.provider.stream(request):
                if isinstance(chunk, TextDelta):
                    parts.append(chunk.text)
                    self.sink.text(chunk.text)
                elif isinstance(chunk, ReasoningDelta):
                    reasoning = reasoning or bool(gotext.trim_space(chunk.text))
                    self.sink.reasoning(chunk.text)
                elif isinstance(chunk, Usage):
                    if self.settings.schema_version < 2:  # v1: every usage chunk, as it came
                        self.sink.usage(chunk.prompt_tokens, chunk.completion_tokens)
                    else:
                        usage = chunk
                else:
                    end = chunk
                    break
        finally:
            if usage is not None:  # one usage per request, when its stream ends
                self.sink.usage(usage.prompt_tokens, usage.completion_tokens)
        return _Reply("".join(parts), end, reasoning)

    def _execute(self, call: ToolCallRequest) -> ToolExecution:
        if self.registry is None:
            return ToolExecution(ToolResult(status="error", output=f'Error: Unknown tool "{call.name}".'))
        return self.registry.execute(call.id, call.name, call.arguments)

    def _parallel_read_end(self, calls: Sequence[ToolCallRequest], start: int) -> int:
        """Zero 0.8.0's extendParallelRun: the end of the run of batchable reads from `start`."""
        if self.registry is None or self.settings.schema_version < 2:
            return start
        window: list[list[str]] = []
        end = start
        while end < len(calls):
            keys = self.registry.parallel_read_keys(calls[end].name, calls[end].arguments)
            if keys is None or any(set(keys) & set(earlier) for earlier in window):
                break
            window.append(keys)
            end += 1
        return end

    def _run_batch(self, calls: Sequence[ToolCallRequest]) -> list[ToolExecution]:
        """A parallel read batch, run ahead of its tool_call events: Zero runs the calls at once,
        each reporting its permission decision as it runs (in call order here)."""
        executions = []
        for call in calls:
            execution = self._execute(call)
            if execution.permission is not None:
                self.sink.permission(call.id, call.name, execution.permission, self.settings.session_id)
            executions.append(execution)
        return executions

    def _run_call(self, call: ToolCallRequest, ran: ToolExecution | None = None) -> ToolExecution:
        self.sink.tool_call(call.id, call.name, call.arguments, self._side_effects.get(call.name))
        if ran is not None:  # part of a parallel read batch: it ran (and said so) already
            self.sink.tool_result(call.id, call.name, ran.result)
            return ran
        if self.settings.session_id and self.registry is not None:
            # As Zero: the files a write is about to change are snapshotted when the call is
            # announced, before any gate or permission decision, whatever the call's outcome.
            targets = self.registry.mutation_targets(call.name, call.arguments)
            if targets:
                self._checkpoint_sequence += 1
                self.sink.checkpoint(self._checkpoint_sequence, call.name, tuple(targets))
        execution = self._execute(call)
        if execution.permission is not None:
            # Emitted after the tool ran: it reflects the decision attached to the result.
            self.sink.permission(call.id, call.name, execution.permission, self.settings.session_id)
        self.sink.tool_result(call.id, call.name, execution.result)
        raise_deferred()  # a signal the tool turned into its result ends the run now (cancellation.py)
        return execution

    def _schema_json(self, tool: str) -> str:
        if self.registry is None:
            return "{}"
        for spec in self.registry.all_specs():
            if spec.name == tool:
                return json.dumps(spec.parameters, indent=2)
        return "{}"

    def _completion_gate(self, text: str, guards: _Guards) -> tuple[str, str]:
        """(reason to send the model back to work, reason the run is incomplete); "" for neither."""
        if not (self.settings.completion_gate and self.settings.schema_version >= 2):
            return "", ""
        admission = admitted_incompletion(text)
        if admission:
            return "", admission
        cue = ends_with_continuation_cue(text)
        if cue or guards.plan_pending > 0:
            if guards.continue_nudges < MAX_CONTINUE_NUDGES:
                guards.continue_nudges += 1
                if cue:
                    return CONTINUE_NUDGE.format(reason="your message ended mid-step"), ""
                pending = (
                    "pending plan items remain — finish them, or mark them complete with update_plan if "
                    "you are done"
                )
                return CONTINUE_NUDGE.format(reason=pending), ""
            if cue:
                return "", "your message ended mid-step"
        if self.settings.acceptance_check and not guards.acceptance_checked:
            guards.acceptance_checked = True
            return ACCEPTANCE_CHECK_NUDGE, ""
        return "", ""

    def run(self, prompt: str, images: tuple[ImageInput, ...]) -> LoopOutcome:
        messages = [
            ChatMessage(role="system", content=self.settings.system_prompt),
            ChatMessage(role="user", content=prompt, images=images),
        ]
        max_turns = self.settings.max_turns if self.settings.max_turns > 0 else 12
        guards = _Guards()
        finish_reason = ""
        version = self.settings.schema_version
        for turn in range(1, max_turns + 1):
            self.turns = turn
            reply = self._request(messages, with_tools=True)
            calls, finish_reason = reply.end.tool_calls, reply.end.finish_reason
            messages.append(
                ChatMessage(
                    role="assistant",
                    content=reply.text,
                    tool_calls=tuple(
                        ToolCallRequest(call.id, call.name, history_arguments(call.arguments, version))
                        for call in calls
                    ),
                )
            )
            if not calls:
                if reply.end.dropped_tool_calls:
                    messages.append(ChatMessage(role="user", content=DROPPED_TOOL_CALL_NUDGE))
                    continue
                if guards.observe(reply.text, reply.reasoning, calls):
                    return LoopOutcome(final_text=no_output_stop_answer(turn), finish_reason=finish_reason)
                if not gotext.trim_space(reply.text):
                    messages.append(ChatMessage(role="user", content=EMPTY_TURN_NUDGE))
                    continue
                nudge, incomplete = self._completion_gate(reply.text, guards)
                if nudge:
                    messages.append(ChatMessage(role="user", content=nudge))
                    continue
                return LoopOutcome(
                    final_text=reply.text, finish_reason=finish_reason, incomplete_reason=incomplete
                )
            guards.observe(reply.text, reply.reasoning, calls)
            failure_hint = ""
            stop_at = 6 if version >= 2 else 4  # Zero 0.8.0 halts at 6 same-error failures, v1 at 4
            image_messages: list[ChatMessage] = []
            batched: dict[int, ToolExecution] = {}
            batch_end = 0
            for index, call in enumerate(calls):
                if index >= batch_end:
                    end = self._parallel_read_end(calls, index)
                    if end - index >= 2:
                        batched = dict(enumerate(self._run_batch(calls[index:end]), start=index))
                        batch_end = end
                execution = self._run_call(call, batched.pop(index, None))
                result = execution.result
                messages.append(
                    ChatMessage(role="tool", content=result.output, tool_call_id=call.id, name=call.name)
                )
                if result.images:
                    # A tool message cannot carry images: as Zero, they follow the turn's
                    # tool results in a user message naming the tool.
                    image_messages.append(
                        ChatMessage(
                            role="user",
                            content=TOOL_IMAGE_LABEL.format(tool=call.name or "tool"),
                            images=result.images,
                        )
                    )
                stop, count, hint = guards.observe_result(
                    call.name, retriable_failure(execution), result.output, stop_at
                )
                if stop:
                    return LoopOutcome(
                        final_text=tool_failure_stop_answer(call.name, count), finish_reason=""
                    )
                if hint and not failure_hint:
                    failure_hint = TOOL_FAILURE_HINT.format(
                        tool=call.name,
                        error=gotext.trim_space(result.output),
                        schema=self._schema_json(call.name),
                    )
            messages.extend(image_messages)
            if reply.end.dropped_tool_calls:
                messages.append(ChatMessage(role="user", content=DROPPED_TOOL_CALL_NUDGE))
            reminder = failure_hint or guards.reminder(turn, self.settings.schema_version)
            if reminder:
                messages.append(ChatMessage(role="user", content=reminder))
        # Turn limit: one more request for a summary (3.6.5). Zero 0.8.0 still offers the tools;
        # the v1-era loop did not. A failed or empty summary falls back to the fixed answer.
        messages.append(ChatMessage(role="user", content=MAX_TURNS_FINAL_ANSWER_PROMPT))
        try:
            reply = self._request(messages, with_tools=self.settings.schema_version >= 2)
        except ProviderError:
            reply = _Reply("", TurnEnd(finish_reason=""), False)
        if gotext.trim_space(reply.text):
            return LoopOutcome(
                final_text=reply.text,
                finish_reason=reply.end.finish_reason,
                hit_turn_limit=True,
                incomplete_reason="reached the max-turns limit without completing",
            )
        return LoopOutcome(
            final_text=NO_FINAL_ANSWER_TEXT,
            finish_reason=finish_reason,
            hit_turn_limit=True,
            incomplete_reason="reached the max-turns limit without a final answer",
        )
